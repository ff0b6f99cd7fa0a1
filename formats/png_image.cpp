#include "formats/png_image.hpp"

#include <zlib.h>

#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

void append_u32(std::string& out, std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out += char((value >> shift) & 0xff);
}

// A chunk is length, type, data, then the CRC-32 of type and data.
void append_chunk(std::string& out, const char type[4], const std::string& data) {
    append_u32(out, std::uint32_t(data.size()));
    const std::size_t type_at = out.size();
    out.append(type, 4);
    out += data;
    const auto* crc_input = reinterpret_cast<const Bytef*>(out.data() + type_at);
    append_u32(out, std::uint32_t(crc32(crc32(0, nullptr, 0), crc_input, uInt(4 + data.size()))));
}

std::string compressed(const std::string& raw) {
    uLongf size = compressBound(uLong(raw.size()));
    std::string out(size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                  reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()),
                  Z_BEST_COMPRESSION) != Z_OK)
        throw Error("zlib could not compress the PNG image data");
    out.resize(size);
    return out;
}

} // namespace

std::string encode_png(int width, int height, const std::vector<std::uint8_t>& rgb) {
    if (width <= 0 || height <= 0 || rgb.size() != std::size_t(width) * std::size_t(height) * 3)
        throw InvalidArgument("encode_png: the pixels do not fill a " + std::to_string(width) +
                              " x " + std::to_string(height) + " RGB image");
    const std::size_t stride = std::size_t(width) * 3;
    std::string raw;
    raw.reserve((stride + 1) * std::size_t(height));
    for (std::size_t row = 0; row < std::size_t(height); ++row) {
        raw += '\0'; // filter type 0: the row as is
        raw.append(reinterpret_cast<const char*>(rgb.data() + row * stride), stride);
    }
    std::string header;
    append_u32(header, std::uint32_t(width));
    append_u32(header, std::uint32_t(height));
    header += {char(8), char(2), char(0), char(0), char(0)}; // 8-bit RGB, no interlace

    std::string png = "\x89PNG\r\n\x1a\n";
    append_chunk(png, "IHDR", header);
    append_chunk(png, "IDAT", compressed(raw));
    append_chunk(png, "IEND", "");
    return png;
}

} // namespace part::formats
