// react-router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const util = require('node:util');
if (typeof global.TextEncoder === 'undefined') global.TextEncoder = util.TextEncoder;
if (typeof global.TextDecoder === 'undefined') global.TextDecoder = util.TextDecoder;
require('@testing-library/jest-dom');
