#pragma once
// narabe-gui's interface in Japanese: every text the program shows is written
// in English in the code and looked up here by that English (a fmt pattern
// where it has a value in it), so a text without a translation still shows,
// in English.

#include <span>
#include <string_view>
#include <utility>

#include "tools/gui/app/game_setup.h"

namespace narabe::gui {

// The text in `language`: the Japanese for a known English text or pattern,
// else the English itself.
std::string_view tr(Language language, std::string_view english);

// Every English text with its Japanese (for tests: both must take the same values).
std::span<const std::pair<std::string_view, std::string_view>> japanese_texts();

// The language a locale asks for (LC_ALL, LC_MESSAGES, LANG, in that order of
// precedence): Japanese for "ja..." values, else English.
Language language_from_locale(const char* lc_all, const char* lc_messages, const char* lang);

}  // namespace narabe::gui
