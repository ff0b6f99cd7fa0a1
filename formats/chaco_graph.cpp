#include "formats/chaco_graph.hpp"

#include "formats/chaco_graph_lines.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/misplaced_inputs.hpp"
#include "formats/text_output.hpp"
#include "formats/text_pieces.hpp"

namespace part::formats {

namespace {

// Adjacency entries the header's m calls for, 2m (exact in 64 unsigned bits: m < 2^63).
std::uint64_t entries_of(const ChacoHeader& h) {
    return std::uint64_t(h.m) * 2;
}

const char* kHeaderForm = "a header 'n m [fmt [ncon]]'";

} // namespace

ChacoHeader parse_chaco_header(LineReader& lines) {
    std::string_view line;
    if (!lines.next_filled(line)) lines.fail(std::string("empty file: expected ") + kHeaderForm);
    FieldCursor fields(line, lines);
    ChacoHeader h;
    h.n = fields.integer("the vertex count n in the header");
    h.m = fields.integer("the edge count m in the header");
    if (h.n < 0 || h.n > std::numeric_limits<VertexId>::max() - 1)
        lines.fail("vertex count " + std::to_string(h.n) + " in the header is out of range");
    if (h.m < 0) lines.fail("edge count " + std::to_string(h.m) + " in the header is negative");
    if (!fields.at_end()) {
        std::int64_t fmt = fields.integer("the format code fmt in the header");
        if (fmt < 0 || fmt > 111 || fmt % 10 > 1 || fmt / 10 % 10 > 1)
            lines.fail("format code " + std::to_string(fmt) +
                       " is not valid: expected up to three 0/1 digits (sizes, vertex weights, "
                       "edge weights)");
        h.has_sizes = fmt / 100 == 1;
        h.has_vertex_weights = fmt / 10 % 10 == 1;
        h.has_edge_weights = fmt % 10 == 1;
    }
    if (!fields.at_end()) {
        std::int64_t ncon = fields.integer("the constraint count ncon in the header");
        if (ncon < 1 || ncon > 1024)
            lines.fail("constraint count " + std::to_string(ncon) + " is out of range");
        if (!h.has_vertex_weights && ncon != 1)
            lines.fail("ncon is " + std::to_string(ncon) +
                       " but fmt says the file has no vertex weights");
        h.ncon = int(ncon);
    }
    if (!fields.at_end()) lines.fail(std::string("too many fields: expected ") + kHeaderForm);
    if (h.has_vertex_weights && h.ncon == 0) h.ncon = 1;
    if (!h.has_vertex_weights) h.ncon = 0;
    return h;
}

namespace {

Weight non_negative_weight(FieldCursor& fields, const LineReader& lines, const char* what) {
    std::int64_t w = fields.integer(what);
    if (w < 0)
        lines.fail(std::string(what) + " is " + std::to_string(w) +
                   "; weights must be non-negative");
    if (w > std::numeric_limits<Weight>::max())
        lines.fail(std::string(what) + " " + std::to_string(w) + " does not fit in 32 bits");
    return Weight(w);
}

// Next neighbour on the line as a 0-based id; false at the end of the line.
bool next_neighbour(FieldCursor& fields, const LineReader& lines, std::int64_t n,
                    VertexId& neighbour) {
    std::int64_t id = 0;
    if (!fields.next_integer(id, "a neighbour id")) return false;
    if (id >= 1 && id <= n) {
        neighbour = VertexId(id - 1);
        return true;
    }
    if (id == 0)
        lines.fail(
            "neighbour id 0: vertex ids in Chaco/METIS graph files are 1-based, so this file "
            "looks 0-based; add 1 to every neighbour id");
    lines.fail("neighbour id " + std::to_string(id) + " is out of range: expected 1.." +
               std::to_string(n));
}

} // namespace

void parse_chaco_vertex_line(std::string_view line, const LineReader& lines, const ChacoHeader& h,
                             Graph& g) {
    FieldCursor fields(line, lines);
    const std::size_t leading = std::size_t(h.has_sizes) + std::size_t(h.ncon);
    if (leading > 0 && fields.count_remaining() < leading)
        lines.fail("expected " + std::to_string(leading) + " leading value(s) (" +
                   (h.has_sizes ? "size, " : "") + std::to_string(h.ncon) +
                   " vertex weight(s)) before the neighbours, found " +
                   std::to_string(fields.count_remaining()));
    if (h.has_sizes) g.vsize.push_back(non_negative_weight(fields, lines, "vertex size"));
    for (int c = 0; c < h.ncon; ++c)
        g.vwgt.push_back(non_negative_weight(fields, lines, "vertex weight"));
    if (h.has_edge_weights && fields.count_remaining() % 2 != 0)
        lines.fail(
            "expected (neighbour, edge weight) pairs, found an odd number of values: an edge "
            "weight is missing or a value is extra");
    VertexId neighbour = 0;
    while (next_neighbour(fields, lines, h.n, neighbour)) {
        if (g.adjncy.size() >= entries_of(h))
            lines.fail("more adjacency entries than the header's " + std::to_string(h.m) +
                       " edges allow (each edge is listed by both its ends)");
        g.adjncy.push_back(neighbour);
        if (h.has_edge_weights)
            g.adjwgt.push_back(non_negative_weight(fields, lines, "edge weight"));
    }
    g.xadj.push_back(EdgeOffset(g.adjncy.size()));
}

std::string truncated_vertex_lines_message(std::int64_t vertices, const ChacoHeader& h) {
    return "file ends after " + std::to_string(vertices) + " of the header's " +
           std::to_string(h.n) + " vertex lines: the file is truncated or the header's n is wrong";
}

std::string edge_count_message(std::int64_t entries, const ChacoHeader& h) {
    return "header says " + std::to_string(h.m) + " edges but the vertex lines list " +
           std::to_string(entries) + " adjacency entries, that is " +
           (entries % 2 ? "an odd count (some edge is listed by only one end)"
                        : std::to_string(entries / 2) + " edges");
}

namespace {

// Reserves no more than `bytes` of text can hold, so a lying header cannot exhaust memory:
// every vertex line takes at least one byte and every number at least two.
void reserve_for(Graph& g, const ChacoHeader& h, std::size_t bytes) {
    g.xadj.reserve(std::min<std::size_t>(std::size_t(h.n), bytes) + 1);
    g.adjncy.reserve(std::min<std::size_t>(entries_of(h), bytes / 2 + 1));
    if (h.has_edge_weights) g.adjwgt.reserve(g.adjncy.capacity());
    if (h.has_sizes) g.vsize.reserve(std::min<std::size_t>(std::size_t(h.n), bytes / 2 + 1));
    if (h.ncon > 0) g.vwgt.reserve(std::min<std::size_t>(std::size_t(h.n) * h.ncon, bytes / 2 + 1));
}

// The vertex lines, one after another, then only blank lines or comments.
Graph parse_vertex_lines(LineReader& lines, const ChacoHeader& h, std::size_t bytes) {
    Graph g;
    g.ncon = h.ncon;
    reserve_for(g, h, bytes);
    std::string_view line;
    for (std::int64_t v = 0; v < h.n; ++v) {
        if (!lines.next_data(line)) lines.fail(truncated_vertex_lines_message(v, h));
        parse_chaco_vertex_line(line, lines, h, g);
    }
    if (lines.next_filled(line))
        lines.fail("more vertex lines than the header's n = " + std::to_string(h.n));
    return g;
}

// Appends the vertices of `from` to `to`.
void append_vertices(Graph& to, const Graph& from) {
    const EdgeOffset offset = to.xadj.back();
    for (std::size_t v = 1; v < from.xadj.size(); ++v) to.xadj.push_back(from.xadj[v] + offset);
    to.adjncy.insert(to.adjncy.end(), from.adjncy.begin(), from.adjncy.end());
    to.adjwgt.insert(to.adjwgt.end(), from.adjwgt.begin(), from.adjwgt.end());
    to.vwgt.insert(to.vwgt.end(), from.vwgt.begin(), from.vwgt.end());
    to.vsize.insert(to.vsize.end(), from.vsize.begin(), from.vsize.end());
}

// The vertex lines of `body` (the text after the header) parsed in pieces, one per thread,
// then joined in order. Empty when a piece fails or the pieces do not hold exactly the
// header's n vertex lines and 2m entries: the serial parse then names the problem and its line.
std::optional<Graph> parse_vertex_lines_in_pieces(std::string_view body, const ChacoHeader& h,
                                                  std::size_t count) {
    std::vector<Graph> parsed(count);
    const bool parsed_all =
        parse_in_pieces(body, count, [&](std::size_t i, std::string_view piece) {
            LineReader lines(piece, "");
            parsed[i].ncon = h.ncon;
            reserve_for(parsed[i], h, i == 0 ? body.size() : piece.size());
            std::string_view line;
            while (lines.next_data(line)) parse_chaco_vertex_line(line, lines, h, parsed[i]);
        });
    std::int64_t vertices = 0;
    std::uint64_t entries = 0;
    for (const Graph& piece : parsed) {
        vertices += piece.num_vertices();
        entries += piece.adjncy.size();
    }
    if (!parsed_all || vertices != h.n || entries != entries_of(h)) return std::nullopt;
    for (std::size_t i = 1; i < count; ++i) append_vertices(parsed[0], parsed[i]);
    return std::move(parsed[0]);
}

} // namespace

Graph parse_chaco_graph(std::string_view text, const std::string& name) {
    LineReader lines(text, name);
    const ChacoHeader h = parse_chaco_header(lines);
    const std::int64_t header_line = lines.line_number();
    const std::string_view body = text.substr(lines.offset());
    const std::size_t pieces = pieces_for(text);
    std::optional<Graph> in_pieces;
    if (pieces > 1) in_pieces = parse_vertex_lines_in_pieces(body, h, pieces);
    Graph g = in_pieces ? std::move(*in_pieces) : parse_vertex_lines(lines, h, text.size());
    if (g.adjncy.size() != entries_of(h))
        throw InputError(name, header_line, edge_count_message(std::int64_t(g.adjncy.size()), h));
    try {
        validate(g);
    } catch (const GraphError& e) {
        throw InputError(name,
                         line_of_data_line(body, header_line, std::max<VertexId>(e.vertex(), 0)),
                         e.what());
    }
    return g;
}

Graph read_chaco_graph(const std::string& path) {
    return naming_file_when_memory_fails(path, [&] {
        MappedFile file(path);
        try {
            return parse_chaco_graph(file.text(), path);
        } catch (const InputError& e) {
            throw graph_error_with_hint(e, file.text());
        }
    });
}

namespace {

// What the header says and the weights every vertex line starts with.
struct ChacoLayout {
    VertexId num_vertices = 0;
    EdgeOffset num_edges = 0;
    int ncon = 0;
    std::span<const Weight> vwgt, vsize;
    bool edge_weights = false;
};

ChacoLayout layout_of(const Graph& g) {
    return {g.num_vertices(), g.num_edges(), g.has_vertex_weights() ? g.ncon : 0,
            g.vwgt,           g.vsize,       g.has_edge_weights()};
}

// Appends the graph's text to `out`, calling after_line() after each line so a writer can
// flush it in chunks. row(v) gives vertex v's neighbours and their edge weights (empty
// without). Returns the adjacency entries written.
template <typename Row, typename AfterLine>
EdgeOffset append_chaco_graph(std::string& out, const ChacoLayout& g, Row row,
                              AfterLine after_line) {
    append_number(out, g.num_vertices);
    out += ' ';
    append_number(out, g.num_edges);
    const bool sizes = !g.vsize.empty(), weights = !g.vwgt.empty();
    if (sizes || weights || g.edge_weights) {
        out += ' ';
        out += sizes ? '1' : '0';
        out += weights ? '1' : '0';
        out += g.edge_weights ? '1' : '0';
        if (g.ncon > 1) {
            out += ' ';
            append_number(out, g.ncon);
        }
    }
    out += '\n';
    EdgeOffset entries = 0;
    for (VertexId v = 0; v < g.num_vertices; ++v) {
        bool first = true;
        auto field = [&](std::int64_t value) {
            if (!first) out += ' ';
            first = false;
            append_number(out, value);
        };
        if (sizes) field(g.vsize[std::size_t(v)]);
        if (weights)
            for (int c = 0; c < g.ncon; ++c) field(g.vwgt[std::size_t(v) * g.ncon + c]);
        const auto [neighbours, edge_weights] = row(v);
        for (std::size_t e = 0; e < neighbours.size(); ++e) {
            field(std::int64_t(neighbours[e]) + 1);
            if (g.edge_weights) field(edge_weights[e]);
        }
        entries += EdgeOffset(neighbours.size());
        out += '\n';
        after_line();
    }
    return entries;
}

// Vertex v's neighbours and edge weights in a Graph.
auto graph_rows(const Graph& g) {
    return [&g](VertexId v) {
        const std::span<const VertexId> neighbours = g.neighbours(v);
        std::span<const Weight> weights;
        if (g.has_edge_weights()) weights = {g.adjwgt.data() + g.xadj[v], neighbours.size()};
        return std::pair{neighbours, weights};
    };
}

} // namespace

std::string format_chaco_graph(const Graph& g) {
    std::string out;
    out.reserve(g.adjncy.size() * 8 + std::size_t(g.num_vertices()) * 4 + 64);
    append_chaco_graph(out, layout_of(g), graph_rows(g), [] {});
    return out;
}

// Streams in chunks: the text of a large graph never sits whole in memory.
void write_chaco_graph(const std::string& path, const Graph& graph) {
    ChunkedOutput out(path);
    append_chaco_graph(out.text(), layout_of(graph), graph_rows(graph),
                       [&] { out.flush_if_large(); });
    out.commit();
}

void write_chaco_graph(const std::string& path, const ChacoRows& rows) {
    const auto n = std::size_t(rows.num_vertices);
    if (rows.ncon < 0 || rows.vwgt.size() != (rows.ncon > 0 ? n * std::size_t(rows.ncon) : 0) ||
        (!rows.vsize.empty() && rows.vsize.size() != n))
        throw InvalidArgument("graph rows for " + path + ": " + std::to_string(rows.vwgt.size()) +
                              " vertex weights and " + std::to_string(rows.vsize.size()) +
                              " sizes do not fit " + std::to_string(n) + " vertices with ncon " +
                              std::to_string(rows.ncon));
    ChunkedOutput out(path);
    const ChacoLayout layout{rows.num_vertices, rows.num_edges, rows.vwgt.empty() ? 0 : rows.ncon,
                             rows.vwgt,         rows.vsize,     false};
    const EdgeOffset entries = append_chaco_graph(
        out.text(), layout,
        [&](VertexId v) {
            return std::pair{rows.neighbours(v), std::span<const Weight>{}};
        },
        [&] { out.flush_if_large(); });
    if (entries != 2 * rows.num_edges)
        throw InvalidArgument("graph rows for " + path + " list " + std::to_string(entries) +
                              " adjacency entries, not twice the header's " +
                              std::to_string(rows.num_edges) + " edges");
    out.commit();
}

} // namespace part::formats
