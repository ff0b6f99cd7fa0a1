#include "formats/chaco_fast_scan.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "formats/ascii_digits.hpp"
#include "formats/chaco_digit_words.hpp"
#include "formats/chaco_simd_scan.hpp"
#include "formats/text_chunks.hpp"
#include "libpart/core/graph_quick_check.hpp"

namespace part::formats {

namespace {

constexpr int kMaxDigits = 18; // as FieldCursor::next_digits: never overflows 64 bits

// Space within a line, as FieldCursor sees it ('\r' included, so CRLF files pass).
constexpr std::uint64_t kSpaceBits =
    (1ull << ' ') | (1ull << '\t') | (1ull << '\r') | (1ull << '\f') | (1ull << '\v');
inline bool is_space(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte <= ' ' && (kSpaceBits >> byte) & 1;
}

// Lines (not counting '%' comment lines) and numbers (runs of digits) of a piece of whole
// lines tell where the next piece's rows and entries go in the graph before any is parsed.
// They are exact for the texts the scans accept, and the scans check that they find them.

// Line by line, for pieces with a '%' somewhere (comment lines hold digits).
TextCounts count_line_by_line(std::string_view text) {
    TextCounts counts;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        end = end == std::string_view::npos ? text.size() : end + 1;
        if (text[at] != '%') {
            ++counts.lines;
            bool previous_digit = false;
            for (std::size_t i = at; i < end; ++i) {
                const bool digit = is_digit(text[i]);
                counts.numbers += digit && !previous_digit;
                previous_digit = digit;
            }
        }
        at = end;
    }
    return counts;
}

TextCounts count_lines_and_numbers(std::string_view text) {
    if (simd_scan_available()) {
        const std::optional<TextCounts> counts = simd_count_lines_and_numbers(text);
        return counts ? *counts : count_line_by_line(text);
    }
    const char* const p = text.data();
    const std::size_t size = text.size();
    std::size_t i = 0;
    std::int64_t lines = 0, numbers = 0;
    bool percent = false, previous_digit = false;
#ifdef __SSE2__
    // Sixteen bytes per step: newlines and digit-run starts (a digit after a non-digit) are
    // counted in byte lanes, which are summed every 255 steps before they can overflow.
    const __m128i newline = _mm_set1_epi8('\n'), percent_sign = _mm_set1_epi8('%');
    const __m128i below_zero = _mm_set1_epi8('0' - 1), above_nine = _mm_set1_epi8('9' + 1);
    __m128i previous = _mm_setzero_si128(), any_percent = _mm_setzero_si128();
    auto lane_sum = [](__m128i lanes) {
        const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        return std::int64_t(_mm_cvtsi128_si32(sums)) +
               std::int64_t(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
    };
    while (i + 16 <= size) {
        __m128i line_lanes = _mm_setzero_si128(), start_lanes = _mm_setzero_si128();
        for (int step = 0; step < 255 && i + 16 <= size; ++step, i += 16) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
            const __m128i digit =
                _mm_and_si128(_mm_cmpgt_epi8(x, below_zero), _mm_cmplt_epi8(x, above_nine));
            const __m128i digit_before =
                _mm_or_si128(_mm_slli_si128(digit, 1), _mm_srli_si128(previous, 15));
            start_lanes = _mm_sub_epi8(start_lanes, _mm_andnot_si128(digit_before, digit));
            line_lanes = _mm_sub_epi8(line_lanes, _mm_cmpeq_epi8(x, newline));
            any_percent = _mm_or_si128(any_percent, _mm_cmpeq_epi8(x, percent_sign));
            previous = digit;
        }
        lines += lane_sum(line_lanes);
        numbers += lane_sum(start_lanes);
    }
    percent = _mm_movemask_epi8(any_percent) != 0;
    previous_digit = i > 0 && is_digit(p[i - 1]);
#endif
    for (; i < size; ++i) {
        const bool digit = is_digit(p[i]);
        numbers += digit && !previous_digit;
        previous_digit = digit;
        lines += p[i] == '\n';
        percent |= p[i] == '%';
    }
    if (percent) return count_line_by_line(text);
    lines += size > 0 && p[size - 1] != '\n';
    return {lines, numbers};
}

// One piece of whole lines and where its rows go in the graph.
struct Piece {
    std::string_view text;
    TextCounts counts;
    std::int64_t first_row = 0;
    std::int64_t rows = 0; // vertex rows; lines past the header's n must be blank
    std::int64_t first_entry = 0;
    std::int64_t entries = 0;
    PieceSums sums; // of its entries
    bool ok = false;
};

// Rows of at most this many entries are checked for a repeated neighbour as they are read,
// each entry against those before it.
constexpr std::ptrdiff_t kShortRow = 32;

// True when no id repeats in the long row [first, last); `sorted` is scratch.
bool long_row_distinct(const VertexId* first, const VertexId* last, std::vector<VertexId>& sorted) {
    sorted.assign(first, last);
    std::sort(sorted.begin(), sorted.end());
    return std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
}

// Scans one piece straight into the graph's arrays at the piece's place, and proves its rows
// free of self loops and repeated neighbours; symmetry is left to the pieces' fingerprints.
// Pointers are kept in locals so the hot loop keeps them in registers.
class PieceScanner {
  public:
    // `text_end`: end of the whole text, so whole words may be read past the piece's end.
    PieceScanner(const ChacoHeader& h, Graph& g, Piece& piece, const char* text_end)
        : h_(h), g_(g), piece_(piece), end_(piece.text.data() + piece.text.size()),
          last_word_(std::uintptr_t(text_end) - 8) {}

    bool scan() { return h_.has_edge_weights ? scan_rows<true>() : scan_rows<false>(); }

  private:
    template <bool EdgeWeights> bool scan_rows() {
        const std::int64_t max_rows = piece_.rows;
        const std::uint64_t n = std::uint64_t(h_.n);
        const std::uint64_t key = mirror_fingerprint_key();
        const char* p = piece_.text.data();
        const char* const end = end_;
        VertexId* const base = g_.adjncy.data();
        VertexId* adj = base + piece_.first_entry; // next entry
        VertexId* const adj_end = adj + piece_.entries;
        Weight* const adjwgt = g_.adjwgt.data();
        // A piece may start past the header's n (blank lines only), and the arrays may be
        // empty: pointers are formed within them.
        const std::int64_t first_row = std::min(piece_.first_row, h_.n);
        Weight* vwgt = h_.ncon > 0 ? g_.vwgt.data() + first_row * h_.ncon : nullptr;
        Weight* vsize = h_.has_sizes ? g_.vsize.data() + first_row : nullptr;
        EdgeOffset* const row_end = g_.xadj.data() + 1 + first_row;
        std::vector<VertexId> sorted;
        std::uint64_t fingerprint = 0;
        std::int64_t upper_minus_lower = 0;
        std::int64_t rows = 0;
        std::uint32_t u = std::uint32_t(piece_.first_row);
        bool self_loop = false, repeat = false;
        while (p < end) {
            if (*p == '%') {
                const void* newline = std::memchr(p, '\n', std::size_t(end - p));
                p = newline ? static_cast<const char*>(newline) + 1 : end;
                continue;
            }
            if (rows == max_rows) {
                if (!only_blank_lines(p, end)) return false;
                break;
            }
            if (h_.has_sizes && !(p = weight(p, *vsize++))) return false;
            for (int c = 0; c < h_.ncon; ++c)
                if (!(p = weight(p, *vwgt++))) return false;
            VertexId* const row = adj;
            // A number's digits end at a non-digit, which the next turn must accept as a
            // space or the line end: "12x" and "3-4" fail there.
            while (p < end) {
                const char c = *p;
                if (is_digit(c)) {
                    std::uint64_t id = 0;
                    if (!(p = number(p, id)) || id - 1 >= n || adj == adj_end) return false;
                    const std::uint32_t v = std::uint32_t(id - 1);
                    self_loop |= v == u;
                    if constexpr (EdgeWeights) {
                        Weight& w = adjwgt[adj - base];
                        if (!(p = weight(p, w))) return false;
                        fingerprint += weighted_mirror_term(u, v, std::uint32_t(w), key);
                    } else {
                        fingerprint += mirror_term(u, v, key);
                    }
                    upper_minus_lower += v > u ? 1 : -1;
                    // A repeat in a short row is found by comparing with the entries before
                    // it; long rows are sorted at their end instead.
                    if (adj - row < kShortRow)
                        for (const VertexId* q = row; q < adj; ++q) repeat |= *q == VertexId(v);
                    *adj++ = VertexId(v);
                    continue;
                }
                ++p;
                if (c == '\n') break;
                if (!is_space(c)) return false;
            }
            if (adj - row > kShortRow && !long_row_distinct(row, adj, sorted)) return false;
            row_end[rows++] = adj - base;
            ++u;
        }
        piece_.sums = {fingerprint, upper_minus_lower};
        return !self_loop && !repeat && rows == max_rows && adj == adj_end;
    }

    // Blank or comment lines, as may follow the last vertex line ('%' starts a comment only
    // at the start of a line).
    static bool only_blank_lines(const char* p, const char* end) {
        bool line_start = true;
        while (p < end) {
            if (line_start && *p == '%') {
                const void* newline = std::memchr(p, '\n', std::size_t(end - p));
                p = newline ? static_cast<const char*>(newline) + 1 : end;
            } else if (*p == '\n' || is_space(*p)) {
                line_start = *p++ == '\n';
            } else {
                return false;
            }
        }
        return true;
    }

    // A value that fits a Weight after spaces on the current line.
    const char* weight(const char* p, Weight& out) const {
        while (p < end_ && is_space(*p)) ++p;
        std::uint64_t value = 0;
        if (p == end_ || !is_digit(*p) || !(p = number(p, value)) ||
            value > std::uint64_t(std::numeric_limits<Weight>::max()))
            return nullptr;
        out = Weight(value);
        return p;
    }

    // The digits at p (there is at least one); the space after them is consumed.
    const char* number(const char* p, std::uint64_t& value) const {
        const char* const start = p;
        if (std::uintptr_t(p) <= last_word_) {
            std::uint64_t word = 0;
            std::memcpy(&word, p, 8);
            const std::uint64_t digits = word ^ kAsciiZeros;
            const std::uint64_t stops = non_digit_bytes(digits);
            if (stops != 0) {
                const int length = std::countr_zero(stops) >> 3;
                value = value_of_eight_digits(digits << (64 - 8 * length));
                return p + length + (p[length] == ' ');
            }
            value = value_of_eight_digits(digits);
            p += 8;
        }
        while (p < end_ && is_digit(*p)) value = value * 10 + unsigned(*p++ - '0');
        return p - start > kMaxDigits ? nullptr : p;
    }

    const ChacoHeader& h_;
    Graph& g_;
    Piece& piece_;
    const char* end_;
    std::uintptr_t last_word_; // the last address a whole word can be read from
};

// Scans a piece into its place: the AVX2 scan when it can, else the portable one.
bool scan_piece(const ChacoHeader& h, Graph& g, Piece& piece, const char* text_end) {
    if (!h.has_sizes && h.ncon == 0 && !h.has_edge_weights && simd_scan_available()) {
        const std::optional<PieceSums> sums =
            simd_scan_plain_rows({piece.text, text_end, std::uint64_t(h.n), piece.first_row,
                                  piece.rows, piece.first_entry, piece.entries, g.adjncy.data(),
                                  g.xadj.data(), mirror_fingerprint_key()});
        if (sums) {
            piece.sums = *sums;
            return true;
        }
    }
    return PieceScanner(h, g, piece, text_end).scan();
}

// The graph's arrays reserved at their final sizes (allocated, not yet touched).
Graph reserved_graph(const ChacoHeader& h) {
    Graph g;
    g.ncon = h.ncon;
    g.xadj.reserve(std::size_t(h.n) + 1);
    g.adjncy.reserve(std::size_t(2 * h.m));
    if (h.has_edge_weights) g.adjwgt.reserve(g.adjncy.capacity());
    if (h.ncon > 0) g.vwgt.reserve(std::size_t(h.n) * std::size_t(h.ncon));
    if (h.has_sizes) g.vsize.reserve(std::size_t(h.n));
    return g;
}

// Sizes the reserved arrays (no reallocation, so it cannot throw).
void size_graph(Graph& g, const ChacoHeader& h) {
    g.xadj.resize(std::size_t(h.n) + 1);
    g.adjncy.resize(std::size_t(2 * h.m));
    if (h.has_edge_weights) g.adjwgt.resize(g.adjncy.size());
    if (h.ncon > 0) g.vwgt.resize(std::size_t(h.n) * std::size_t(h.ncon));
    if (h.has_sizes) g.vsize.resize(std::size_t(h.n));
}

// Maps in share `part` of `parts` of a vector's reserved storage. A fresh process pays a page
// fault for every page it first writes (about 1.5 us each on the bench machine: 4 ms for
// mdual's 6 MB of arrays on one thread); asking the kernel for the pages from every thread at
// once spreads that cost, and the one thread that then sizes the arrays writes mapped memory.
template <typename T> void map_in_share(const std::vector<T>& v, unsigned part, unsigned parts) {
#ifdef __linux__
    // MADV_POPULATE_WRITE needs Linux 5.14; older kernels refuse it, and nothing is lost.
    const std::uintptr_t page = 4096;
    const auto begin = std::uintptr_t(v.data());
    const std::uintptr_t bytes = v.capacity() * sizeof(T);
    const std::uintptr_t from = (begin + bytes * part / parts + page - 1) & ~(page - 1);
    const std::uintptr_t to = (begin + bytes * (part + 1) / parts) & ~(page - 1);
    if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
#endif
}

// Asks for the storage of a large vector in 2 MB pages (transparent huge pages, where the
// system grants them on request): 512 times fewer page faults. On grid100's 32 MB of arrays
// this cut the read's CPU time by about a fifth; where free huge pages are scarce the kernel
// may compact memory first, or fall back to small pages.
template <typename T> void ask_for_huge_pages(const std::vector<T>& v) {
#ifdef __linux__
    constexpr std::uintptr_t kHugePage = std::uintptr_t(2) << 20;
    const std::uintptr_t bytes = v.capacity() * sizeof(T);
    if (bytes < kHugePage) return;
    const std::uintptr_t page = 4096;
    const std::uintptr_t begin = std::uintptr_t(v.data()) & ~(page - 1);
    const std::uintptr_t end = (std::uintptr_t(v.data()) + bytes + page - 1) & ~(page - 1);
    ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

void map_in_share(const Graph& g, unsigned part, unsigned parts) {
    map_in_share(g.xadj, part, parts);
    map_in_share(g.adjncy, part, parts);
    map_in_share(g.adjwgt, part, parts);
    map_in_share(g.vwgt, part, parts);
    map_in_share(g.vsize, part, parts);
}

// Places the pieces' rows and entries one after another from the counts of all pieces but
// the last, which takes what the header leaves; false when the counts cannot be those of a
// file that matches the header (the careful parser then says why). The scans check the rest:
// that each piece holds exactly its rows and entries.
bool place(std::vector<Piece>& pieces, const ChacoHeader& h) {
    const std::int64_t leading = std::int64_t(h.has_sizes) + h.ncon;
    const std::int64_t per_entry = h.has_edge_weights ? 2 : 1;
    std::int64_t row = 0, entry = 0;
    for (Piece& piece : pieces) {
        piece.first_row = row;
        piece.first_entry = entry;
        if (&piece == &pieces.back()) {
            piece.rows = std::max<std::int64_t>(h.n - row, 0);
            piece.entries = 2 * h.m - entry;
            return piece.entries >= 0;
        }
        piece.rows = std::clamp<std::int64_t>(h.n - row, 0, piece.counts.lines);
        const std::int64_t values = piece.counts.numbers - leading * piece.rows;
        if (values < 0 || values % per_entry != 0) return false;
        piece.entries = values / per_entry;
        row += piece.counts.lines;
        entry += piece.entries;
        if (entry > 2 * h.m) return false;
    }
    return true;
}

// The part of `a` that is also in `b` (two slices of one text).
std::string_view overlap(std::string_view a, std::string_view b) {
    const char* const begin = std::max(a.data(), b.data());
    const char* const end = std::min(a.data() + a.size(), b.data() + b.size());
    return begin < end ? std::string_view(begin, std::size_t(end - begin)) : std::string_view();
}

} // namespace

std::optional<Graph> scan_chaco_vertex_lines(std::string_view body, const ChacoHeader& h,
                                             unsigned pieces_wanted) {
    // A header that claims more than the text can hold goes to the careful parser, before
    // anything is allocated from its counts (every number takes at least two bytes).
    // (m is compared halved: 2 * m may not fit in 64 bits.)
    if (h.n > std::int64_t(body.size()) || h.m > std::int64_t(body.size() / 4 + 1))
        return std::nullopt;
    std::vector<Piece> pieces;
    if (pieces_wanted == 0) pieces_wanted = 1;
    for (std::string_view text : split_at_line_ends(body, pieces_wanted))
        pieces.emplace_back().text = text;
    if (pieces.empty()) pieces.emplace_back(); // an empty text: one empty piece
    const unsigned threads = unsigned(pieces.size());
    Graph g = reserved_graph(h);
    ask_for_huge_pages(g.xadj);
    ask_for_huge_pages(g.adjncy);
    ask_for_huge_pages(g.adjwgt);
    ask_for_huge_pages(g.vwgt);
    // Piece c + 1's place needs the lines and numbers of pieces 0..c: the text before the last
    // piece is counted share by share, then the pieces are placed, the arrays sized, and each
    // piece scanned straight into them.
    const std::size_t before_last =
        threads > 1 ? std::size_t(pieces.back().text.data() - body.data()) : 0;
    const std::vector<std::string_view> shares =
        split_at_line_ends(body.substr(0, before_last), threads);
    std::vector<TextCounts> share_counts(std::size_t(threads) * threads); // [thread][piece]
    const char* text_end = body.data() + body.size();
    for (unsigned c = 0; c < threads; ++c) {
        map_in_share(g, c, threads);
        if (c < shares.size())
            for (unsigned piece = 0; piece + 1 < threads; ++piece) {
                const std::string_view part = overlap(shares[c], pieces[piece].text);
                if (!part.empty())
                    share_counts[c * threads + piece] = count_lines_and_numbers(part);
            }
    }
    for (unsigned c = 0; c < threads; ++c)
        for (unsigned piece = 0; piece < threads; ++piece) {
            const TextCounts& counts = share_counts[c * threads + piece];
            pieces[piece].counts.lines += counts.lines;
            pieces[piece].counts.numbers += counts.numbers;
        }
    const bool placed = place(pieces, h);
    if (placed) size_graph(g, h);
    for (unsigned c = 0; c < threads && placed; ++c)
        pieces[c].ok = scan_piece(h, g, pieces[c], text_end);
    PieceSums sums;
    for (const Piece& piece : pieces) {
        if (!piece.ok) return std::nullopt;
        sums.fingerprint += piece.sums.fingerprint;
        sums.upper_minus_lower += piece.sums.upper_minus_lower;
    }
    if (sums.fingerprint != 0 || sums.upper_minus_lower != 0) return std::nullopt;
    return g;
}

} // namespace part::formats
