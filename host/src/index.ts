// Async boundary: the federation runtime negotiates shared modules before the app code runs.
void import('./bootstrap');
