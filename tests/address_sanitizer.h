#pragma once
// NARABE_ADDRESS_SANITIZER is 1 when AddressSanitizer instruments this build:
// gcc says so with __SANITIZE_ADDRESS__, clang 14 only through __has_feature.

#if defined(__SANITIZE_ADDRESS__)
#define NARABE_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NARABE_ADDRESS_SANITIZER 1
#endif
#endif
#ifndef NARABE_ADDRESS_SANITIZER
#define NARABE_ADDRESS_SANITIZER 0
#endif
