// react-router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const util = require('node:util');
if (typeof global.TextEncoder === 'undefined') global.TextEncoder = util.TextEncoder;
if (typeof global.TextDecoder === 'undefined') global.TextDecoder = util.TextDecoder;
require('@testing-library/jest-dom');

// findBy* and waitFor give up after 1 s by default: on a loaded 2-core machine a page's first
// render (lazy routes, MUI) takes longer, and tests failed there that pass everywhere else. The
// limit catches a screen that never shows, not a slow one (jest's testTimeout bounds the test).
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
