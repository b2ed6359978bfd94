// Async boundary: shared modules are negotiated before the dev shell starts.
void import('./bootstrap');
