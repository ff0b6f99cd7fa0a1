#pragma once
// A built-in 5 x 7 bitmap font (digits, letters, common symbols), so plots can carry text
// without a font library.
#include <cstdint>

namespace part::formats {

struct Glyph {
    std::uint8_t rows[7]; // bit 4 is the leftmost column
    int drop = 0;         // rows the glyph sits below the normal position (descenders)
};

constexpr int kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;

// The glyph for `c`; an outlined box for characters the font lacks.
const Glyph& glyph_for(char c);

} // namespace part::formats
