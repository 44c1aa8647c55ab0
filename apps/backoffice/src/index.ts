// Async boundary: lets the federation runtime settle shared libraries before the app imports them.
void import('./bootstrap');
