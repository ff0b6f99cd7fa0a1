#include "formats/chaco_simd_scan.hpp"

#include <cstring>

#include "formats/chaco_digit_words.hpp"
#include "libpart/core/graph_quick_check.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PART_CHACO_AVX2 1
#include <immintrin.h>
#endif

namespace part::formats {

#ifdef PART_CHACO_AVX2

#define PART_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))

namespace {

// Rows longer than this are left to the portable scan (their repeat check sorts).
constexpr std::int64_t kMaxRow = 32;

// Bit i of each mask describes byte i of a 64-byte block.
struct BlockMasks {
    std::uint64_t digit;
    std::uint64_t newline;
    std::uint64_t other; // neither a digit nor a space nor a line end: '%', '-', 'x', ...
};

PART_AVX2_TARGET inline BlockMasks half_masks(__m256i x) {
    const __m256i digit = _mm256_and_si256(_mm256_cmpgt_epi8(x, _mm256_set1_epi8('0' - 1)),
                                           _mm256_cmpgt_epi8(_mm256_set1_epi8('9' + 1), x));
    const __m256i newline = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('\n'));
    // Space as FieldCursor sees it: ' ' and '\t' '\n' '\v' '\f' '\r' (9..13).
    const __m256i space =
        _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(' ')),
                        _mm256_and_si256(_mm256_cmpgt_epi8(x, _mm256_set1_epi8(8)),
                                         _mm256_cmpgt_epi8(_mm256_set1_epi8(14), x)));
    return {std::uint32_t(_mm256_movemask_epi8(digit)),
            std::uint32_t(_mm256_movemask_epi8(newline)),
            ~std::uint32_t(_mm256_movemask_epi8(_mm256_or_si256(digit, space)))};
}

PART_AVX2_TARGET inline BlockMasks block_masks(const char* p) {
    const BlockMasks low = half_masks(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    const BlockMasks high =
        half_masks(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)));
    return {low.digit | high.digit << 32, low.newline | high.newline << 32,
            low.other | high.other << 32};
}

// The text in 64-byte blocks, the last (partial) ones copied into a buffer padded with
// spaces, so that every block and every 8-byte load from a number in it can be read whole.
class Blocks {
  public:
    Blocks(std::string_view text, const char* text_end) : text_(text) {
        // Full blocks are read in place while 8 bytes past them stay inside the text.
        const std::size_t room = std::size_t(text_end - text.data());
        in_place_ =
            text.size() >= 64 && room >= 72 ? (std::min(text.size(), room - 8) / 64) * 64 : 0;
        std::memset(tail_, ' ', sizeof tail_);
        std::memcpy(tail_, text.data() + in_place_, text.size() - in_place_);
        tail_blocks_ = (text.size() - in_place_ + 63) / 64;
    }
    std::size_t count() const { return in_place_ / 64 + tail_blocks_; }
    const char* block(std::size_t b) const {
        return b * 64 < in_place_ ? text_.data() + b * 64 : tail_ + (b * 64 - in_place_);
    }

  private:
    std::string_view text_;
    std::size_t in_place_ = 0, tail_blocks_ = 0;
    char tail_[64 * 3 + 16]; // the text past in_place_ is under 64 + 72 bytes
};

// True when v occurs in the row before it, [row, row + degree), degree <= kMaxRow.
PART_AVX2_TARGET inline bool repeats(const VertexId* row, std::int64_t degree, VertexId v) {
    const __m256i key = _mm256_set1_epi32(v);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (std::int64_t at = 0; at < degree; at += 8) {
        // Masked loads never touch the entries past the row, which may lie past the array.
        const __m256i in_row = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(degree - at)), lanes);
        const __m256i ids = _mm256_maskload_epi32(row + at, in_row);
        if (!_mm256_testz_si256(_mm256_cmpeq_epi32(ids, key), in_row)) return true;
    }
    return false;
}

} // namespace

bool simd_scan_available() {
    static const bool available = __builtin_cpu_supports("avx2") &&
                                  __builtin_cpu_supports("bmi2") &&
                                  __builtin_cpu_supports("popcnt");
    return available;
}

PART_AVX2_TARGET std::optional<TextCounts> simd_count_lines_and_numbers(std::string_view text) {
    std::int64_t lines = 0, numbers = 0;
    std::uint64_t percent = 0, digit_before = 0;
    const __m256i percent_sign = _mm256_set1_epi8('%');
    const Blocks blocks(text, text.data() + text.size());
    for (std::size_t b = 0; b < blocks.count(); ++b) {
        const char* p = blocks.block(b);
        const BlockMasks m = block_masks(p);
        const std::uint64_t starts = m.digit & ~(m.digit << 1 | digit_before);
        digit_before = m.digit >> 63;
        lines += _mm_popcnt_u64(m.newline);
        numbers += _mm_popcnt_u64(starts);
        percent |=
            std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), percent_sign))) |
            std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)), percent_sign)));
    }
    if (percent) return std::nullopt;
    lines += !text.empty() && text.back() != '\n';
    return TextCounts{lines, numbers};
}

// Walks the line ends and number starts of each block in order (bit scans over the block's
// masks), so the row of every number is known without a branch per byte.
PART_AVX2_TARGET std::optional<std::uint64_t> simd_scan_plain_rows(const PlainPiece& piece) {
    VertexId* const base = piece.adjncy;
    VertexId* adj = base + piece.first_entry;
    VertexId* const adj_end = adj + piece.entries;
    VertexId* row = adj; // first entry of the current row
    EdgeOffset* const row_end = piece.xadj + 1 + piece.first_row;
    const std::int64_t max_rows = piece.rows;
    const std::uint64_t n = piece.n, key = piece.key;
    std::int64_t rows = 0;
    std::uint32_t u = std::uint32_t(piece.first_row);
    std::uint64_t fingerprint = 0, digit_before = 0, bad = 0;
    const Blocks blocks(piece.text, piece.text_end);
    for (std::size_t b = 0; b < blocks.count(); ++b) {
        const char* const p = blocks.block(b);
        const BlockMasks m = block_masks(p);
        bad |= m.other;
        std::uint64_t events = (m.digit & ~(m.digit << 1 | digit_before)) | m.newline;
        digit_before = m.digit >> 63;
        while (events) {
            const int i = int(_tzcnt_u64(events));
            events = _blsr_u64(events);
            if (m.newline >> i & 1) {
                if (rows < max_rows) row_end[rows] = adj - base;
                ++rows;
                ++u;
                row = adj;
                continue;
            }
            std::uint64_t word;
            std::memcpy(&word, p + i, 8);
            const std::uint64_t digits = word ^ kAsciiZeros;
            const std::uint64_t stops = non_digit_bytes(digits);
            const std::int64_t degree = adj - row;
            // Eight digits or more, a row too long, or more entries than placed: decline.
            if (stops == 0 || degree == kMaxRow || adj == adj_end) return std::nullopt;
            const std::uint64_t length = _tzcnt_u64(stops) >> 3;
            const std::uint64_t v = value_of_eight_digits(digits << (64 - 8 * length)) - 1;
            // An id of 0 wraps to 2^64 - 1; lines past the piece's rows must be blank.
            bad |= (v >= n) | (v == u) | (rows >= max_rows);
            bad |= repeats(row, degree, VertexId(v));
            fingerprint += mirror_term(u, std::uint32_t(v), key);
            *adj++ = VertexId(v);
        }
    }
    // A last line without a line end.
    if (!piece.text.empty() && piece.text.back() != '\n') {
        if (rows < max_rows) row_end[rows] = adj - base;
        ++rows;
    }
    if (bad || rows < max_rows || adj != adj_end) return std::nullopt;
    return fingerprint;
}

#else

bool simd_scan_available() {
    return false;
}
std::optional<TextCounts> simd_count_lines_and_numbers(std::string_view) {
    return std::nullopt;
}
std::optional<std::uint64_t> simd_scan_plain_rows(const PlainPiece&) {
    return std::nullopt;
}

#endif

} // namespace part::formats
