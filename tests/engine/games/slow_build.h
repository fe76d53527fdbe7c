#pragma once
// NARABE_SLOW_BUILD is 1 in the sanitizer and debug builds, where the game tests
// take smaller slices of their data so that those runs stay short.

#include "tests/address_sanitizer.h"

#if NARABE_ADDRESS_SANITIZER || !defined(NDEBUG)
#define NARABE_SLOW_BUILD 1
#else
#define NARABE_SLOW_BUILD 0
#endif
