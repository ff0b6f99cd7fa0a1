#include "formats/chaco_simd_scan.hpp"

#include <atomic>
#include <bit>
#include <cstring>
#include <vector>

#include "formats/chaco_digit_words.hpp"
#include "libpart/core/graph_quick_check.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PART_CHACO_AVX2 1
#include <immintrin.h>
// glibc's header is C: g++ takes its _Bool in C++ as an extension, clang (the sanitizer and
// fuzz build) does not.
#ifdef __clang__
#define _Bool bool
#include <sys/platform/x86.h>
#undef _Bool
#else
#include <sys/platform/x86.h>
#endif
#endif

namespace part::formats {

#ifdef PART_CHACO_AVX2

#define PART_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define PART_AVX512_TARGET                                                                         \
    __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx2,bmi,bmi2,popcnt")))

namespace {

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
        if (text.empty()) return;
        // Full blocks are read in place while 16 bytes past them stay inside the text (a
        // number's digits are read 8 or 16 bytes at a time).
        const std::size_t room = std::size_t(text_end - text.data());
        in_place_ =
            text.size() >= 64 && room >= 80 ? (std::min(text.size(), room - 16) / 64) * 64 : 0;
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
    char tail_[64 * 2 + 16]; // the text past in_place_ is under 64 + 16 bytes: two blocks
};

// The id (number - 1) of a number of 8 to 15 digits at p, or -1 when it is out of range
// (which the batch check rejects); nothing for 16 digits or more. 16 bytes from p are
// readable.
inline std::optional<VertexId> long_number_id(const char* p, std::uint64_t n) {
    constexpr std::uint64_t kPowersOfTen[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};
    std::uint64_t first, second;
    std::memcpy(&first, p, 8);
    std::memcpy(&second, p + 8, 8);
    const std::uint64_t high = first ^ kAsciiZeros, low = second ^ kAsciiZeros;
    const std::uint64_t stops = non_digit_bytes(low);
    if (stops == 0) return std::nullopt;
    const int more = std::countr_zero(stops) >> 3; // digits after the first eight
    const std::uint64_t value = value_of_eight_digits(high) * kPowersOfTen[more] +
                                (more ? value_of_eight_digits(low << (64 - 8 * more)) : 0);
    return value - 1 < n ? VertexId(value - 1) : VertexId(-1);
}

// Rows longer than eight: each id's mark holds the last row (plus one) that listed it, so a repeat
// finds its own row's mark. Rows come in increasing order, so marks never need clearing; `marks`
// (one per vertex, zero at first) is made when the first long row comes.
[[gnu::noinline]] bool repeats_in_long_row(const VertexId* row, std::int64_t degree,
                                           std::uint32_t u, std::uint64_t n,
                                           std::vector<std::uint32_t>& marks) {
    if (marks.empty()) marks.assign(std::size_t(n), 0);
    bool repeat = false;
    for (std::int64_t i = 0; i < degree; ++i) {
        const auto v = std::uint32_t(row[i]);
        if (v >= n) continue; // out of range: the batch check rejects it
        repeat |= marks[v] == u + 1;
        marks[v] = u + 1;
    }
    return repeat;
}

// The first eight ids of the current row, held in a register as they are read: each new id
// is compared with those before it and put in the next lane. (Comparing at the row's end
// instead would load the ids just stored, and a wide load of several recent narrow stores
// waits for them to reach the cache.) Rows longer than kLanes are checked again whole at their
// end; lanes past the eighth id wrap round and are overwritten, still by ids of the row.
class RowInRegister {
  public:
    static constexpr std::int64_t kLanes = 8;
    PART_AVX2_TARGET RowInRegister() { start(); }
    PART_AVX2_TARGET void start() {
        // Distinct values no id takes (ids are non-negative; an id of 0, stored as -1, is
        // rejected anyway).
        ids_ = _mm256_setr_epi32(-1, -2, -3, -4, -5, -6, -7, -8);
        next_lane_ = _mm256_setr_epi32(-1, 0, 0, 0, 0, 0, 0, 0);
    }
    PART_AVX2_TARGET void add(VertexId v) {
        const __m256i id = _mm256_set1_epi32(v);
        repeats_ = _mm256_or_si256(repeats_, _mm256_cmpeq_epi32(ids_, id));
        ids_ = _mm256_blendv_epi8(ids_, id, next_lane_);
        next_lane_ =
            _mm256_permutevar8x32_epi32(next_lane_, _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6));
    }
    // True when some row so far listed an id twice among its first eight.
    PART_AVX2_TARGET bool repeat() const { return !_mm256_testz_si256(repeats_, repeats_); }
    // Whether the row of more than kLanes ids lists one twice (see repeats_in_long_row).
    static bool long_row_repeats(const VertexId* row, std::int64_t degree, std::uint32_t u,
                                 std::uint64_t n, std::vector<std::uint32_t>& marks) {
        return repeats_in_long_row(row, degree, u, n, marks);
    }

  private:
    __m256i ids_, next_lane_;
    __m256i repeats_ = _mm256_setzero_si256();
};

// The same with sixteen lanes in an AVX-512 register, for CPUs that have it: most rows of
// 3D meshes' graphs (copter2 averages 12.7 neighbours, 85% of its rows and 90% of 4elt's
// have more than eight) then need no second check at their end.
class RowInRegister16 {
  public:
    static constexpr std::int64_t kLanes = 16;
    PART_AVX512_TARGET RowInRegister16() { start(); }
    PART_AVX512_TARGET void start() {
        ids_ = _mm512_setr_epi32(-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15,
                                 -16);
        next_lane_ = 1;
    }
    PART_AVX512_TARGET void add(VertexId v) {
        const __m512i id = _mm512_set1_epi32(v);
        repeats_ |= _mm512_cmpeq_epi32_mask(ids_, id);
        ids_ = _mm512_mask_mov_epi32(ids_, __mmask16(next_lane_), id);
        next_lane_ = std::rotl(next_lane_, 1);
    }
    PART_AVX512_TARGET bool repeat() const { return repeats_ != 0; }
    // Rows of 17 to 32 ids: the register compared each id with the sixteen before it, so the
    // pairs left are further apart, the ids from the eighteenth on against the first sixteen
    // (read back at the row's end). Longer rows take repeats_in_long_row.
    PART_AVX512_TARGET static bool long_row_repeats(const VertexId* row, std::int64_t degree,
                                                    std::uint32_t u, std::uint64_t n,
                                                    std::vector<std::uint32_t>& marks) {
        if (degree > 2 * kLanes) return repeats_in_long_row(row, degree, u, n, marks);
        const __m512i first = _mm512_loadu_si512(row);
        std::uint32_t repeats = 0;
        for (std::int64_t j = kLanes + 1; j < degree; ++j)
            repeats |= _mm512_cmpeq_epi32_mask(first, _mm512_set1_epi32(row[j]));
        return repeats != 0;
    }

  private:
    __m512i ids_;
    std::uint16_t next_lane_ = 1;
    std::uint32_t repeats_ = 0;
};

// Ids from `at` in the lanes of `in_row`, others undefined: a plain load when the whole
// vector lies before `end` (the end of the piece's own entries, which no other thread
// writes), else a masked load, which never touches memory past the lanes it loads (past
// `end` may lie another piece's entries or the end of the array). Masked loads are slow on
// some CPUs, so they are kept for the last few entries.
PART_AVX2_TARGET inline __m128i load4(const VertexId* at, __m128i in_row, const VertexId* end) {
    return end - at >= 4 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(at))
                         : _mm_maskload_epi32(at, in_row);
}

} // namespace

namespace {
std::atomic<bool> simd_scan_allowed{true};
std::atomic<bool> avx512_rows_allowed{true};

// The features are read from what the dynamic loader found at start (glibc's
// <sys/platform/x86.h>), not from __builtin_cpu_supports: that links libgcc's constructor, which
// asks the CPU again with a dozen CPUID instructions, each a trap to the hypervisor on a VM
// (3.5 us here): 40-75 us of every tool's start. "Active" also means the OS saves the registers.
bool avx512_rows_available() {
    static const bool supported = CPU_FEATURE_ACTIVE(AVX512F) && CPU_FEATURE_ACTIVE(AVX512VL) &&
                                  CPU_FEATURE_ACTIVE(AVX512BW) && CPU_FEATURE_ACTIVE(AVX512DQ);
    return supported && avx512_rows_allowed.load(std::memory_order_relaxed);
}
} // namespace

bool simd_scan_available() {
    static const bool supported =
        CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(BMI2) && CPU_FEATURE_ACTIVE(POPCNT);
    return supported && simd_scan_allowed.load(std::memory_order_relaxed);
}

void allow_simd_scan(bool allowed) {
    simd_scan_allowed = allowed;
}

void allow_avx512_rows(bool allowed) {
    avx512_rows_allowed = allowed;
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

PART_AVX512_TARGET inline __m256i multiply_avx512(__m256i x, std::uint64_t c) {
    return _mm256_mullo_epi64(x, _mm256_set1_epi64x(std::int64_t(c)));
}

// The mirror terms of entries (u_i, v_i), four at a time: splitmix64's finaliser (mix64) on
// four 64-bit lanes, the same terms as mirror_term, and the checks of the ids (in range, not
// the row's own vertex) on the same lanes. With AVX-512 (`Avx512`), its 64-bit products are
// one instruction each instead of seven.
template <bool Avx512> class MirrorTerms {
  public:
    PART_AVX2_TARGET MirrorTerms(std::uint64_t n, std::uint64_t key)
        : last_id_(_mm_set1_epi32(int(n - 1))), key_(_mm256_set1_epi64x(std::int64_t(key))) {}

    // Entries i < count, rows[i] a row and ids[i] the id it lists; the lanes past `count` of
    // `rows` are read and ignored, and the ids past them up to `end` (see load4).
    PART_AVX2_TARGET void add(const std::uint32_t* rows, const VertexId* ids, int count,
                              const VertexId* end) {
        for (int at = 0; at < count; at += 4) add_four(rows + at, ids + at, count - at, end);
    }

    PART_AVX2_TARGET std::uint64_t sum() const {
        const __m128i sum =
            _mm_add_epi64(_mm256_castsi256_si128(sum_), _mm256_extracti128_si256(sum_, 1));
        return std::uint64_t(_mm_cvtsi128_si64(sum)) + std::uint64_t(_mm_extract_epi64(sum, 1));
    }
    PART_AVX2_TARGET bool bad() const { return !_mm_testz_si128(bad_, bad_); }
    // Lanes hold minus the count of lower entries (u > v) minus that of upper ones, each
    // counted as -1; the difference is upper - lower.
    PART_AVX2_TARGET std::int64_t upper_minus_lower() const {
        const __m128i lower =
            _mm_add_epi64(_mm256_castsi256_si128(lower_), _mm256_extracti128_si256(lower_, 1));
        const __m128i upper =
            _mm_add_epi64(_mm256_castsi256_si128(upper_), _mm256_extracti128_si256(upper_, 1));
        const __m128i difference = _mm_sub_epi64(lower, upper);
        return _mm_cvtsi128_si64(difference) + _mm_extract_epi64(difference, 1);
    }

  private:
    // x * c modulo 2^64 on each lane, from three 32-bit products (AVX2 has no 64-bit one).
    PART_AVX2_TARGET static __m256i multiply(__m256i x, std::uint64_t c) {
        if constexpr (Avx512) return multiply_avx512(x, c);
        const __m256i low = _mm256_set1_epi64x(std::int64_t(c & 0xffffffffu));
        const __m256i high = _mm256_set1_epi64x(std::int64_t(c >> 32));
        const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), low),
                                               _mm256_mul_epu32(x, high));
        return _mm256_add_epi64(_mm256_mul_epu32(x, low), _mm256_slli_epi64(cross, 32));
    }
    PART_AVX2_TARGET static __m256i mix(__m256i x) {
        x = _mm256_add_epi64(x, _mm256_set1_epi64x(std::int64_t(0x9e3779b97f4a7c15ull)));
        x = multiply(_mm256_xor_si256(x, _mm256_srli_epi64(x, 30)), 0xbf58476d1ce4e5b9ull);
        x = multiply(_mm256_xor_si256(x, _mm256_srli_epi64(x, 27)), 0x94d049bb133111ebull);
        return _mm256_xor_si256(x, _mm256_srli_epi64(x, 31));
    }
    // Up to four entries (`left` of them are real; the others' lanes are masked off).
    PART_AVX2_TARGET void add_four(const std::uint32_t* rows, const VertexId* ids, int left,
                                   const VertexId* end) {
        const __m128i real = _mm_cmpgt_epi32(_mm_set1_epi32(left), _mm_setr_epi32(0, 1, 2, 3));
        const __m128i us = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows));
        const __m128i vs = load4(ids, real, end);
        // An id of 0 was stored as -1; ids are below 2^31.
        const __m128i wrong = _mm_or_si128(
            _mm_or_si128(_mm_cmpgt_epi32(vs, last_id_), _mm_cmplt_epi32(vs, _mm_setzero_si128())),
            _mm_cmpeq_epi32(us, vs));
        bad_ = _mm_or_si128(bad_, _mm_and_si128(wrong, real));
        const __m128i low = _mm_min_epu32(us, vs), high = _mm_max_epu32(us, vs);
        const __m256i edge =
            _mm256_set_m128i(_mm_unpackhi_epi32(high, low), _mm_unpacklo_epi32(high, low));
        const __m256i h = mix(_mm256_xor_si256(edge, key_));
        const __m256i negate = _mm256_cvtepi32_epi64(_mm_cmpgt_epi32(us, vs));
        const __m256i term = _mm256_sub_epi64(_mm256_xor_si256(h, negate), negate);
        const __m256i real_lanes = _mm256_cvtepi32_epi64(real);
        sum_ = _mm256_add_epi64(sum_, _mm256_and_si256(term, real_lanes));
        // Lanes of -1 (all ones) count entries.
        lower_ = _mm256_add_epi64(lower_, _mm256_and_si256(negate, real_lanes));
        upper_ = _mm256_add_epi64(
            upper_, _mm256_and_si256(_mm256_cvtepi32_epi64(_mm_cmpgt_epi32(vs, us)), real_lanes));
    }

    __m128i last_id_;
    __m256i key_;
    __m256i sum_ = _mm256_setzero_si256();
    __m256i lower_ = _mm256_setzero_si256(), upper_ = _mm256_setzero_si256();
    __m128i bad_ = _mm_setzero_si128();
};

// Walks the line ends and number starts of each block in order (bit scans over the block's
// masks), so the row of every number is known without a branch per byte. Numbers are only
// converted and stored here, with their rows; their checks and mirror terms are done in
// batches.
namespace {
template <typename RowIds, bool Avx512>
PART_AVX2_TARGET inline std::optional<PieceSums> scan_plain_rows(const PlainPiece& piece) {
    VertexId* const base = piece.adjncy;
    VertexId* adj = base + piece.first_entry;
    VertexId* const adj_end = adj + piece.entries;
    VertexId* row = adj; // first entry of the current row
    EdgeOffset* const xadj = piece.xadj;
    std::uint32_t u = std::uint32_t(piece.first_row); // the current row
    const std::uint32_t last_row = std::uint32_t(piece.first_row + piece.rows);
    std::uint64_t digit_before = 0, bad = 0;
    MirrorTerms<Avx512> terms(piece.n, piece.key);
    RowIds row_ids;
    std::vector<std::uint32_t> marks;
    // The rows of the entries waiting for their terms: fewer than 32 plus one block's 32.
    std::uint32_t rows_of[64 + 4] = {};
    std::uint32_t* waiting = rows_of;
    const Blocks blocks(piece.text, piece.text_end);
    for (std::size_t b = 0; b < blocks.count(); ++b) {
        const char* const p = blocks.block(b);
        const BlockMasks m = block_masks(p);
        bad |= m.other;
        const std::uint64_t starts = m.digit & ~(m.digit << 1 | digit_before);
        digit_before = m.digit >> 63;
        // More entries than the piece's place holds: decline.
        if (std::int64_t(_mm_popcnt_u64(starts)) > adj_end - adj) return std::nullopt;
        std::uint64_t events = starts | m.newline;
        while (events) {
            const int i = int(_tzcnt_u64(events));
            events = _blsr_u64(events);
            if (m.newline >> i & 1) {
                // Lines past the piece's rows must be blank.
                const std::int64_t degree = adj - row;
                if (degree > RowIds::kLanes)
                    bad |= RowIds::long_row_repeats(row, degree, u, piece.n, marks);
                bad |= u >= last_row && degree;
                row_ids.start();
                if (u < last_row) xadj[u + 1] = adj - base;
                ++u;
                row = adj;
                continue;
            }
            std::uint64_t word;
            std::memcpy(&word, p + i, 8);
            const std::uint64_t digits = word ^ kAsciiZeros;
            const std::uint64_t stops = non_digit_bytes(digits);
            VertexId v;
            if (stops != 0) [[likely]] {
                // The lowest flagged bit is bit 7 of the first non-digit byte.
                const std::uint64_t shift = 71 - _tzcnt_u64(stops);
                // An id of 0 wraps to -1, which the batch check rejects.
                v = VertexId(value_of_eight_digits(digits << shift) - 1);
            } else {
                const std::optional<VertexId> long_id = long_number_id(p + i, piece.n);
                if (!long_id) return std::nullopt; // sixteen digits or more: decline
                v = *long_id;
            }
            row_ids.add(v);
            *adj++ = v;
            *waiting++ = u;
        }
        const int count = int(waiting - rows_of);
        if (count >= 32) {
            const int done = count & ~3;
            terms.add(rows_of, adj - count, done, adj_end);
            for (int k = done; k < count; ++k) rows_of[k - done] = rows_of[k];
            waiting -= done;
        }
    }
    // A last line without a line end.
    if (!piece.text.empty() && piece.text.back() != '\n') {
        const std::int64_t degree = adj - row;
        if (degree > RowIds::kLanes)
            bad |= RowIds::long_row_repeats(row, degree, u, piece.n, marks);
        bad |= u >= last_row && degree;
        if (u < last_row) xadj[u + 1] = adj - base;
        ++u;
    }
    const int count = int(waiting - rows_of);
    terms.add(rows_of, adj - count, count, adj_end);
    if (bad || row_ids.repeat() || terms.bad() || u < last_row || adj != adj_end)
        return std::nullopt;
    return PieceSums{terms.sum(), terms.upper_minus_lower()};
}

// Two copies of the scan, each compiled for its CPU (flatten inlines the scan and its
// row register into each), chosen when the piece is scanned.
[[gnu::flatten]] PART_AVX2_TARGET std::optional<PieceSums>
scan_plain_rows_avx2(const PlainPiece& piece) {
    return scan_plain_rows<RowInRegister, false>(piece);
}
[[gnu::flatten]] PART_AVX512_TARGET std::optional<PieceSums>
scan_plain_rows_avx512(const PlainPiece& piece) {
    return scan_plain_rows<RowInRegister16, true>(piece);
}
} // namespace

std::optional<PieceSums> simd_scan_plain_rows(const PlainPiece& piece) {
    return avx512_rows_available() ? scan_plain_rows_avx512(piece) : scan_plain_rows_avx2(piece);
}

#else

bool simd_scan_available() {
    return false;
}
void allow_simd_scan(bool) {}
void allow_avx512_rows(bool) {}
std::optional<TextCounts> simd_count_lines_and_numbers(std::string_view) {
    return std::nullopt;
}
std::optional<PieceSums> simd_scan_plain_rows(const PlainPiece&) {
    return std::nullopt;
}

#endif

} // namespace part::formats
