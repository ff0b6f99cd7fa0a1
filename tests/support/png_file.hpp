#pragma once
// Reads back PNG files for tests, independently of formats/png_image: chunks are split by
// hand, CRCs recomputed with zlib's crc32, the image data inflated with zlib's uncompress and
// unfiltered here (all five PNG filter types), so a bug in the encoder cannot hide itself.
#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace part::test {

inline const std::string kPngSignature{"\x89PNG\r\n\x1a\n", 8};

struct PngChunk {
    std::string type;
    std::string data;
    std::uint32_t stored_crc = 0;
};

inline std::uint32_t big_endian_u32(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i) value = (value << 8) | std::uint8_t(bytes.at(at + i));
    return value;
}

// The chunks after the signature; throws std::runtime_error if one runs past the end.
inline std::vector<PngChunk> png_chunks(const std::string& png) {
    std::vector<PngChunk> chunks;
    std::size_t at = kPngSignature.size();
    while (at < png.size()) {
        if (at + 12 > png.size()) throw std::runtime_error("truncated chunk header");
        const std::uint32_t length = big_endian_u32(png, at);
        if (at + 12 + length > png.size()) throw std::runtime_error("truncated chunk data");
        chunks.push_back({png.substr(at + 4, 4), png.substr(at + 8, length),
                          big_endian_u32(png, at + 8 + length)});
        at += 12 + length;
    }
    return chunks;
}

// The CRC-32 the PNG standard asks for: over the chunk's type and data.
inline std::uint32_t expected_crc(const PngChunk& chunk) {
    const std::string covered = chunk.type + chunk.data;
    return std::uint32_t(crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(covered.data()),
                               uInt(covered.size())));
}

// The concatenated IDAT data inflated; throws if zlib rejects it or it is longer than
// `max_size` (the caller expects exactly h * (w * 3 + 1) bytes, so pass one more).
inline std::string inflate_image_data(const std::vector<PngChunk>& chunks, std::size_t max_size) {
    std::string compressed;
    for (const PngChunk& chunk : chunks)
        if (chunk.type == "IDAT") compressed += chunk.data;
    std::string raw(max_size, '\0');
    uLongf size = uLongf(raw.size());
    const int status =
        uncompress(reinterpret_cast<Bytef*>(raw.data()), &size,
                   reinterpret_cast<const Bytef*>(compressed.data()), uLong(compressed.size()));
    if (status != Z_OK)
        throw std::runtime_error("uncompress failed with zlib status " + std::to_string(status));
    raw.resize(size);
    return raw;
}

// Row-major 8-bit RGB pixels from the inflated data (each row: filter byte, then the row).
// Throws on a filter byte outside 0-4 or a size that does not match.
inline std::vector<std::uint8_t> unfilter_rgb_rows(const std::string& raw, std::size_t width,
                                                   std::size_t height) {
    const std::size_t stride = width * 3, bpp = 3;
    if (raw.size() != height * (stride + 1)) throw std::runtime_error("wrong image data size");
    std::vector<std::uint8_t> rgb(height * stride);
    for (std::size_t y = 0; y < height; ++y) {
        const int filter = std::uint8_t(raw[y * (stride + 1)]);
        const auto* in = reinterpret_cast<const std::uint8_t*>(raw.data() + y * (stride + 1) + 1);
        std::uint8_t* out = rgb.data() + y * stride;
        const std::uint8_t* up = y ? out - stride : nullptr;
        for (std::size_t i = 0; i < stride; ++i) {
            const int a = i >= bpp ? out[i - bpp] : 0, b = up ? up[i] : 0,
                      c = up && i >= bpp ? up[i - bpp] : 0;
            int predictor = 0;
            switch (filter) {
            case 0:
                break;
            case 1:
                predictor = a;
                break;
            case 2:
                predictor = b;
                break;
            case 3:
                predictor = (a + b) / 2;
                break;
            case 4: { // Paeth
                const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b),
                          pc = std::abs(p - c);
                predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                break;
            }
            default:
                throw std::runtime_error("row " + std::to_string(y) + " has filter type " +
                                         std::to_string(filter));
            }
            out[i] = std::uint8_t(in[i] + predictor);
        }
    }
    return rgb;
}

} // namespace part::test
