#include "formats/chaco_fast_scan.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "formats/text_chunks.hpp"
#include "libpart/core/parallel.hpp"

namespace part::formats {

namespace {

// Lines beyond the header's n that a chunk may hold (blank lines may trail the vertices);
// more sends the file to the careful parser. Bounds the row arrays by n, not by the bytes.
constexpr std::int64_t kSpareLines = 1024;
constexpr int kMaxDigits = 18; // as FieldCursor::next_digits: never overflows 64 bits

constexpr std::uint64_t kAsciiZeros = 0x3030303030303030ull;

// Eight digit values (0..9 per byte, first digit in the lowest byte) as a number, in three
// multiply steps: pairs, quads, then the eight (the SWAR method of Lemire's fast number
// parsing; leading zero bytes are leading zeros).
inline std::uint64_t value_of_eight_digits(std::uint64_t x) {
    x = x * 10 + (x >> 8);
    return (((x & 0x000000FF000000FFull) * 0x000F424000000064ull) +
            (((x >> 16) & 0x000000FF000000FFull) * 0x0000271000000001ull)) >>
           32;
}

// Bytes that are not '0'..'9', as their top bits. A digit byte d (0..9 after the xor) stays
// below 0x80 with 0x76 added and carries nothing, so the lowest flagged byte is exact.
inline std::uint64_t non_digit_bytes(std::uint64_t x) {
    return ((x + 0x7676767676767676ull) | x) & 0x8080808080808080ull;
}

inline bool is_digit(char c) {
    return static_cast<unsigned char>(c - '0') < 10u;
}
// Space within a line, as FieldCursor sees it ('\r' included, so CRLF files pass).
constexpr std::uint64_t kSpaceBits =
    (1ull << ' ') | (1ull << '\t') | (1ull << '\r') | (1ull << '\f') | (1ull << '\v');
inline bool is_space(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte <= ' ' && (kSpaceBits >> byte) & 1;
}

template <typename T> std::unique_ptr<T[]> uninitialised(std::size_t count) {
    return std::unique_ptr<T[]>(new T[count]);
}

// Where the rows of one chunk of whole lines go: the graph's own arrays for the first chunk
// (no copy), scratch arrays sized by what the chunk's bytes can hold for the others.
struct Chunk {
    std::string_view text;
    EdgeOffset* row_end = nullptr; // entries before the end of each row, chunk-local
    VertexId* adjncy = nullptr;
    Weight* adjwgt = nullptr;
    Weight* vwgt = nullptr;
    Weight* vsize = nullptr;
    std::int64_t max_rows = 0;
    std::int64_t max_entries = 0;
    std::int64_t vertices = 0; // found
    std::int64_t entries = 0;

    std::unique_ptr<EdgeOffset[]> row_end_scratch;
    std::unique_ptr<VertexId[]> adjncy_scratch;
    std::unique_ptr<Weight[]> adjwgt_scratch, vwgt_scratch, vsize_scratch;
};

// Scans one chunk. Pointers are passed and returned by value (nullptr on failure) so the
// hot loop keeps them in registers.
class ChunkScanner {
  public:
    // `text_end`: end of the whole text, so whole words may be read past the chunk's end.
    ChunkScanner(const ChacoHeader& h, Chunk& out, const char* text_end)
        : h_(h), out_(out), end_(out.text.data() + out.text.size()),
          last_word_(std::uintptr_t(text_end) - 8) {}

    bool scan() { return h_.has_edge_weights ? scan_rows<true>() : scan_rows<false>(); }

  private:
    template <bool EdgeWeights> bool scan_rows() {
        const std::int64_t max_rows = out_.max_rows;
        const std::uint64_t n = std::uint64_t(h_.n);
        const char* p = out_.text.data();
        const char* const end = end_;
        VertexId* const adj_begin = out_.adjncy;
        VertexId* const adj_end = adj_begin + out_.max_entries;
        VertexId* adj = adj_begin; // next entry
        Weight* const adjwgt = out_.adjwgt;
        Weight* vwgt = out_.vwgt;
        Weight* vsize = out_.vsize;
        EdgeOffset* const row_end = out_.row_end;
        std::int64_t rows = 0;
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
            // A number's digits end at a non-digit, which the next turn must accept as a
            // space or the line end: "12x" and "3-4" fail there.
            while (p < end) {
                const char c = *p;
                if (is_digit(c)) {
                    std::uint64_t id = 0;
                    if (!(p = number(p, id)) || id - 1 >= n || adj == adj_end) return false;
                    if constexpr (EdgeWeights)
                        if (!(p = weight(p, adjwgt[adj - adj_begin]))) return false;
                    *adj++ = VertexId(id - 1);
                    continue;
                }
                ++p;
                if (c == '\n') break;
                if (!is_space(c)) return false;
            }
            row_end[rows++] = adj - adj_begin;
        }
        out_.vertices = rows;
        out_.entries = adj - adj_begin;
        return true;
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
    Chunk& out_;
    const char* end_;
    std::uintptr_t last_word_; // the last address a whole word can be read from
};

// Scratch for a chunk after the first: every value takes a digit and a separator, every row
// at least one byte.
void allocate_scratch(Chunk& chunk, const ChacoHeader& h) {
    const std::size_t bytes = chunk.text.size();
    const std::size_t values = bytes / 2 + 1;
    chunk.max_rows = std::min<std::int64_t>(std::int64_t(bytes), h.n + kSpareLines);
    chunk.max_entries = std::int64_t(values);
    chunk.row_end_scratch = uninitialised<EdgeOffset>(std::size_t(chunk.max_rows));
    chunk.row_end = chunk.row_end_scratch.get();
    chunk.adjncy_scratch = uninitialised<VertexId>(values);
    chunk.adjncy = chunk.adjncy_scratch.get();
    if (h.has_edge_weights) {
        chunk.adjwgt_scratch = uninitialised<Weight>(values);
        chunk.adjwgt = chunk.adjwgt_scratch.get();
    }
    if (h.ncon > 0) {
        chunk.vwgt_scratch = uninitialised<Weight>(values);
        chunk.vwgt = chunk.vwgt_scratch.get();
    }
    if (h.has_sizes) {
        chunk.vsize_scratch = uninitialised<Weight>(values);
        chunk.vsize = chunk.vsize_scratch.get();
    }
}

// The graph's arrays at their final sizes, the first chunk writing straight into them.
Graph sized_graph(const ChacoHeader& h, Chunk& first) {
    Graph g;
    g.ncon = h.ncon;
    g.xadj.resize(std::size_t(h.n) + 1);
    g.adjncy.resize(std::size_t(2 * h.m));
    if (h.has_edge_weights) g.adjwgt.resize(g.adjncy.size());
    if (h.ncon > 0) g.vwgt.resize(std::size_t(h.n) * std::size_t(h.ncon));
    if (h.has_sizes) g.vsize.resize(std::size_t(h.n));
    first.row_end = g.xadj.data() + 1;
    first.adjncy = g.adjncy.data();
    first.adjwgt = g.adjwgt.data();
    first.vwgt = g.vwgt.data();
    first.vsize = g.vsize.data();
    first.max_rows = h.n;
    first.max_entries = 2 * h.m;
    return g;
}

// Chunks for the pieces of `body` cut after line ends.
std::vector<Chunk> cut_at_line_ends(std::string_view body, unsigned pieces) {
    std::vector<Chunk> chunks;
    for (std::string_view piece : split_at_line_ends(body, pieces))
        chunks.emplace_back().text = piece;
    return chunks;
}

// Moves the later chunks' rows behind the first's; false when the counts do not match the
// header exactly (rows past n are allowed only when blank).
bool join(Graph& g, std::vector<Chunk>& chunks, const ChacoHeader& h) {
    std::int64_t rows = 0, entries = 0;
    for (const Chunk& c : chunks) {
        rows += c.vertices;
        entries += c.entries;
    }
    if (entries != 2 * h.m || rows < h.n) return false;
    if (rows > h.n && (h.has_sizes || h.ncon > 0)) return false;
    std::int64_t vertex = chunks.front().vertices;
    EdgeOffset base = chunks.front().entries;
    for (std::size_t i = 1; i < chunks.size(); ++i) {
        const Chunk& c = chunks[i];
        const std::int64_t take = std::min<std::int64_t>(c.vertices, h.n - vertex);
        // Rows past n: only blank lines, which add no entries.
        if (c.vertices > take && c.row_end[c.vertices - 1] != (take ? c.row_end[take - 1] : 0))
            return false;
        for (std::int64_t v = 0; v < take; ++v)
            g.xadj[std::size_t(vertex + v + 1)] = base + c.row_end[v];
        std::copy_n(c.adjncy, c.entries, g.adjncy.data() + base);
        if (c.adjwgt) std::copy_n(c.adjwgt, c.entries, g.adjwgt.data() + base);
        if (c.vwgt) std::copy_n(c.vwgt, take * h.ncon, g.vwgt.data() + vertex * h.ncon);
        if (c.vsize) std::copy_n(c.vsize, take, g.vsize.data() + vertex);
        vertex += take;
        base += c.entries;
    }
    return true;
}

} // namespace

std::optional<Graph> scan_chaco_vertex_lines(std::string_view body, const ChacoHeader& h) {
    // A header that claims more than the text can hold goes to the careful parser, before
    // anything is allocated from its counts.
    // (m is compared halved: 2 * m may not fit in 64 bits.)
    if (h.n > std::int64_t(body.size()) || h.m > std::int64_t(body.size() / 4 + 1))
        return std::nullopt;
    std::vector<Chunk> chunks = cut_at_line_ends(body, worker_threads(std::int64_t(body.size())));
    if (chunks.empty()) {
        if (h.n != 0 || h.m != 0) return std::nullopt;
        Graph g;
        g.ncon = h.ncon;
        return g;
    }
    Graph g = sized_graph(h, chunks.front());
    for (std::size_t i = 1; i < chunks.size(); ++i) allocate_scratch(chunks[i], h);
    const char* text_end = body.data() + body.size();
    std::vector<char> ok(chunks.size(), 0);
    for_each_range(std::int64_t(chunks.size()), unsigned(chunks.size()),
                   [&](unsigned c, std::int64_t, std::int64_t) {
                       ok[c] = ChunkScanner(h, chunks[c], text_end).scan();
                   });
    if (std::find(ok.begin(), ok.end(), 0) != ok.end() || !join(g, chunks, h)) return std::nullopt;
    return g;
}

} // namespace part::formats
