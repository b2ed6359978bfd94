// jest stand-in for @module-federation/enhanced/runtime: tests drive loadRemote themselves.
export const init = jest.fn();
export const registerRemotes = jest.fn();
export const loadRemote = jest.fn();
