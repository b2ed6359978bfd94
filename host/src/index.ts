// The host is no federation container (shared/toolchain/share-scope.cjs): nothing is negotiated before
// its code runs, so the shell starts from the entry chunk itself, one round trip sooner.
import './bootstrap';
