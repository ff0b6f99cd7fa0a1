#pragma once
// Encodes an 8-bit RGB image as PNG (ISO/IEC 15948): signature, IHDR, one zlib-compressed
// IDAT with filter type 0 on every row, IEND.
#include <cstdint>
#include <string>
#include <vector>

namespace part::formats {

// `rgb` is row-major, width * height * 3 bytes. Returns the file's bytes.
std::string encode_png(int width, int height, const std::vector<std::uint8_t>& rgb);

} // namespace part::formats
