#pragma once
// NARABE_SLOW_BUILD is 1 in the sanitizer and debug builds, where the game tests
// take smaller slices of their data so that those runs stay short.

#if defined(__SANITIZE_ADDRESS__)
#define NARABE_SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NARABE_SLOW_BUILD 1
#endif
#endif
#ifndef NARABE_SLOW_BUILD
#ifndef NDEBUG
#define NARABE_SLOW_BUILD 1
#else
#define NARABE_SLOW_BUILD 0
#endif
#endif
