#include "formats/mpi/distributed_chaco.hpp"

#include "formats/misplaced_inputs.hpp"

#include <algorithm>
#include <limits>

#include "formats/chaco_graph_lines.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/partition_file.hpp"
#include "formats/permutation_file.hpp"
#include "libpart/core/counting_sort.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_curve_order.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::formats::mpi {

std::int64_t before_this_rank(MPI_Comm comm, std::int64_t value) {
    const int rank = part::mpi::rank_of(comm);
    long long in = value, out = 0;
    MPI_Exscan(&in, &out, 1, MPI_LONG_LONG, MPI_SUM, comm);
    return rank == 0 ? 0 : out;
}

namespace {

using part::mpi::collectively;
using part::mpi::sum_over_ranks;

// A rank's slice of a text file read from all ranks at once (read_line_slice): each rank reads
// its own byte range with MPI-IO and keeps the whole lines that start in it, so together the
// ranks hold every line exactly once and no rank reads the whole file.
struct LineSlice {
    std::string text;              // whole lines; the file's last line may lack its '\n'
    std::int64_t lines_before = 0; // file lines before the slice (for error line numbers)
    std::int64_t lines = 0;        // lines in the slice
    std::int64_t total_lines = 0;  // lines in the whole file, on every rank
};

// Closes the file on every path out.
struct FileCloser {
    MPI_File file;
    ~FileCloser() { MPI_File_close(&file); }
};

std::string mpi_error_text(int code) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    return std::string(text, std::size_t(length));
}

constexpr std::int64_t kReadAhead = 1 << 16;

// Opens `path` read-only on `comm` (collective). Throws InputError (on the ranks of comm,
// which all see the failure) when it cannot.
MPI_File open_for_reading(MPI_Comm comm, const std::string& path) {
    MPI_File file;
    const int code = MPI_File_open(comm, path.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &file);
    if (code != MPI_SUCCESS)
        throw InputError(path, 0, "cannot open for reading: " + mpi_error_text(code));
    return file;
}

// bytes [offset, offset + count) of an open file, fewer at its end. Throws InputError.
std::string read_file_bytes(MPI_File file, const std::string& path, std::int64_t offset,
                            std::int64_t count) {
    std::string out(std::size_t(std::max<std::int64_t>(count, 0)), '\0');
    std::size_t done = 0;
    while (done < out.size()) {
        const int chunk = int(std::min<std::size_t>(out.size() - done, std::size_t(1) << 30));
        MPI_Status status;
        const int code = MPI_File_read_at(file, offset + std::int64_t(done), out.data() + done,
                                          chunk, MPI_CHAR, &status);
        if (code != MPI_SUCCESS) throw InputError(path, 0, "read failed: " + mpi_error_text(code));
        int got = 0;
        MPI_Get_count(&status, MPI_CHAR, &got);
        done += std::size_t(got);
        if (got < chunk) break;
    }
    out.resize(done);
    return out;
}

// Offset just after the first '\n' at or after `from` (or the end of the file), reading on
// from `buffer`, which holds the file's bytes from `buffer_start`.
std::int64_t next_line_start(MPI_File file, const std::string& path, std::string& buffer,
                             std::int64_t buffer_start, std::int64_t from, std::int64_t file_size) {
    for (;;) {
        const std::int64_t local = std::max<std::int64_t>(from - buffer_start, 0);
        const std::size_t at = buffer.find('\n', std::size_t(local));
        if (at != std::string::npos) return buffer_start + std::int64_t(at) + 1;
        const std::int64_t end = buffer_start + std::int64_t(buffer.size());
        if (end >= file_size) return file_size;
        buffer += read_file_bytes(file, path, end, kReadAhead);
    }
}

// Collective. Splits the bytes [section_begin, end of file) into one equal range per rank;
// a rank keeps the lines that start in its range (a line starts at section_begin or after a
// '\n'), reading past its range to the end of its last line. lines_before_section counts the
// lines before section_begin. Throws CollectiveError on every rank when the file cannot be
// opened or read.
LineSlice read_line_slice(MPI_Comm comm, const std::string& path, std::int64_t section_begin = 0,
                          std::int64_t lines_before_section = 0) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    MPI_File file = MPI_FILE_NULL;
    collectively(comm, [&] { file = open_for_reading(comm, path); });
    FileCloser closer{file};
    LineSlice slice = collectively(comm, [&] {
        MPI_Offset size = 0;
        MPI_File_get_size(file, &size);
        const std::int64_t length = std::max<std::int64_t>(size - section_begin, 0);
        const std::int64_t lo = section_begin + length * rank / ranks;
        const std::int64_t hi = section_begin + length * (rank + 1) / ranks;
        // A line starts in [lo, hi) when it begins at section_begin or after a '\n' at
        // lo - 1 or later; neighbours use the same rule, so the slices meet exactly.
        const std::int64_t from = lo > section_begin ? lo - 1 : lo;
        // Read a little past the range: the last line almost always ends there, so the
        // buffer need not grow (a copy of it all) to find that end.
        std::string buffer =
            read_file_bytes(file, path, from, std::min<std::int64_t>(hi + kReadAhead, size) - from);
        const std::int64_t start =
            lo > section_begin ? next_line_start(file, path, buffer, from, lo - 1, size) : lo;
        const std::int64_t end =
            hi > lo ? next_line_start(file, path, buffer, from, std::max(hi - 1, start), size)
                    : start;
        LineSlice s;
        if (start < hi && end > start) { // trimmed in place, not copied
            s.text = std::move(buffer);
            s.text.resize(std::size_t(end - from));
            s.text.erase(0, std::size_t(start - from));
        }
        s.lines = std::count(s.text.begin(), s.text.end(), '\n');
        if (!s.text.empty() && s.text.back() != '\n') ++s.lines;
        return s;
    });
    slice.lines_before = lines_before_section + before_this_rank(comm, slice.lines);
    slice.total_lines = lines_before_section + sum_over_ranks(comm, slice.lines);
    return slice;
}

struct Head {
    ChacoHeader header;
    std::int64_t section_begin = 0; // byte offset of the first vertex line
    std::int64_t header_line = 0;   // file line of the header
};

// Rank 0 reads the file's beginning, doubling what it reads until the header line is whole.
Head read_head(const std::string& path) {
    const FileCloser file{open_for_reading(MPI_COMM_SELF, path)};
    MPI_Offset size = 0;
    MPI_File_get_size(file.file, &size);
    for (std::int64_t want = 1 << 16;; want *= 2) {
        std::string text = read_file_bytes(file.file, path, 0, want);
        const bool whole = std::int64_t(text.size()) >= size;
        if (!whole) text.resize(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
        try {
            LineReader lines(text, path);
            Head head;
            head.header = parse_chaco_header(lines);
            head.header_line = lines.line_number();
            head.section_begin = std::int64_t(lines.offset());
            return head;
        } catch (const InputError& e) {
            // A mesh is told at once, not after reading it whole for a header it lacks.
            const InputError hinted = graph_error_with_hint(e, text);
            if (whole || hinted.message() != e.message()) throw hinted;
        }
    }
}

// Where the non-comment lines of a row file lie in this rank's slice: rows are checked by
// `take`; blank lines may only trail the data (for_each_row's rule), which needs every rank's
// first blank and last data line.
struct RowScan {
    std::int64_t rows = 0;
    std::int64_t first_blank_line = std::numeric_limits<std::int64_t>::max();
    std::int64_t last_data_line = -1;
};

template <typename Take>
RowScan scan_rows(const LineSlice& slice, const std::string& path, Take take) {
    LineReader lines(slice.text, path, slice.lines_before);
    RowScan scan;
    std::string_view line;
    while (lines.next_data(line)) {
        if (is_blank(line)) {
            scan.first_blank_line = std::min(scan.first_blank_line, lines.line_number());
            continue;
        }
        scan.last_data_line = lines.line_number();
        FieldCursor fields(line, lines);
        take(fields, lines);
        ++scan.rows;
    }
    return scan;
}

// Collective: the same checks on every rank, so all throw alike. Returns the global index of
// this rank's first row.
std::int64_t check_rows(MPI_Comm comm, const std::string& path, const LineSlice& slice,
                        const RowScan& scan, std::int64_t expected, const std::string& what) {
    long long blank = scan.first_blank_line, data = scan.last_data_line, first_blank = 0,
              last_data = 0;
    MPI_Allreduce(&blank, &first_blank, 1, MPI_LONG_LONG, MPI_MIN, comm);
    MPI_Allreduce(&data, &last_data, 1, MPI_LONG_LONG, MPI_MAX, comm);
    if (first_blank < last_data)
        throw InputError(path, first_blank,
                         "blank line before the end of the data: expected one row per line");
    const std::int64_t rows = sum_over_ranks(comm, scan.rows);
    if (rows != expected)
        throw InputError(path, slice.total_lines,
                         "file has " + std::to_string(rows) + " " + what + " but the graph has " +
                             std::to_string(expected) + " vertices");
    return before_this_rank(comm, scan.rows);
}

// Rows checked together: a mesh dual graph's rows (degree 4 to 6) that many stay in a core's
// cache, whatever the numbering.
constexpr VertexId kRowsPerBlock = 4096;

// Collective. Each edge {a, b} is checked once, at the reader of one end: entry a -> b when it
// is "chosen" (a < b for an even a + b, a > b for an odd one, so each rank checks about half its
// entries' edges whatever the numbering) goes to the rank that read b, which checks that b lists
// a with the same weight. Rows hold no duplicates (checked as they are read), so the chosen
// entries' mirrors are distinct other entries; when there are as many of those as chosen ones,
// every entry has its mirror and the graph is symmetric. Otherwise the check runs again on every
// entry (`all`), to name the line of one without a mirror.
//
// The entries are grouped in one counting sort: first those for each other rank, to be sent,
// then this rank's own by block of rows, so that the rows a block's checks look up stay in a
// core's cache whatever the numbering.
void check_symmetry(MPI_Comm comm, const std::string& path, const LineSlice& slice,
                    const GraphSlice& read, bool all = false) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    struct Listed {
        VertexId listed, lister;
        Weight weight;
    };
    const Graph& g = read.graph.local;
    const std::vector<VertexId>& start = read.block_start;
    const VertexId own_first = start[rank], own_end = start[rank + 1];
    auto group_of = [&](VertexId listed) {
        if (listed >= own_first && listed < own_end)
            return std::size_t(ranks) + std::size_t((listed - own_first) / kRowsPerBlock);
        return std::size_t(std::upper_bound(start.begin(), start.end(), listed) - start.begin() -
                           1);
    };
    auto check = [&](const Listed& l) {
        const VertexId u = l.listed - own_first;
        const auto row = g.neighbours(u);
        const auto at = std::find(row.begin(), row.end(), l.lister);
        const Weight back = at == row.end() ? 0 : g.edge_weight(g.xadj[u] + (at - row.begin()));
        if (at != row.end() && back == l.weight) return;
        const std::string lister = std::to_string(l.lister + 1),
                          listed = std::to_string(l.listed + 1);
        if (at == row.end())
            throw InputError(path, line_of_data_line(slice.text, slice.lines_before, u),
                             "vertex " + lister + " lists neighbour " + listed + " but vertex " +
                                 listed + " does not list " + lister);
        throw InputError(path, line_of_data_line(slice.text, slice.lines_before, u),
                         "edge {" + lister + ", " + listed + "} has weight " +
                             std::to_string(l.weight) + " at vertex " + lister + " but " +
                             std::to_string(back) + " at vertex " + listed);
    };
    std::vector<Listed> sent;
    sent.reserve(all ? g.adjncy.size() : g.adjncy.size() / 2 + 1);
    long long chosen_minus_other = 0;
    for (VertexId i = 0; i < read.graph.num_owned(); ++i)
        for (EdgeOffset e = g.xadj[i]; e < g.xadj[i + 1]; ++e) {
            const Listed l{g.adjncy[e], read.graph.global_id[i], g.edge_weight(e)};
            const bool chosen = (l.lister < l.listed) == (((l.lister ^ l.listed) & 1) == 0);
            chosen_minus_other += chosen ? 1 : -1;
            if (all || chosen) sent.push_back(l);
        }
    std::vector<std::size_t> first, in_first;
    const std::size_t groups =
        std::size_t(ranks) + std::size_t((own_end - own_first) / kRowsPerBlock + 1);
    const std::vector<Listed> grouped = counting_sort(
        std::span<const Listed>(sent), groups, [&](const Listed& l) { return group_of(l.listed); },
        first);
    sent = {};
    std::vector<int> out_counts(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) out_counts[r] = int(first[r + 1] - first[r]);
    const std::vector<int> in_counts = part::mpi::exchange_counts(comm, out_counts);
    const std::vector<Listed> in = part::mpi::exchange<Listed>(
        comm, std::span(grouped.data(), first[ranks]), out_counts, in_counts);
    const std::vector<Listed> in_by_block = counting_sort(
        std::span<const Listed>(in), groups, [&](const Listed& l) { return group_of(l.listed); },
        in_first);
    collectively(comm, [&] {
        for (std::size_t i = first[ranks]; i < grouped.size(); ++i) check(grouped[i]);
        for (const Listed& l : in_by_block) check(l);
    });
    if (!all && sum_over_ranks(comm, chosen_minus_other) != 0)
        check_symmetry(comm, path, slice, read, true);
}

} // namespace

GraphSlice read_chaco_slice(MPI_Comm comm, const std::string& path) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    Head head = collectively(comm, [&] { return rank == 0 ? read_head(path) : Head{}; });
    MPI_Bcast(&head, int(sizeof head), MPI_BYTE, 0, comm);
    const ChacoHeader& h = head.header;
    const LineSlice slice = read_line_slice(comm, path, head.section_begin, head.header_line);

    // The first vertex of this slice: the vertex lines (all non-comment lines) before it.
    std::int64_t vertex_lines = 0;
    {
        LineReader lines(slice.text, path);
        std::string_view line;
        while (lines.next_data(line)) ++vertex_lines;
    }
    const std::int64_t first = before_this_rank(comm, vertex_lines);

    GraphSlice result;
    part::mpi::DistributedGraph& g = result.graph;
    g.global_vertices = VertexId(h.n);
    g.global_edges = h.m;
    g.has_vertex_sizes = h.has_sizes;
    g.has_edge_weights = h.has_edge_weights;
    g.local.ncon = h.ncon;
    std::vector<VertexId> sorted; // one vertex's neighbours, for the duplicate check
    collectively(comm, [&] {
        LineReader lines(slice.text, path, slice.lines_before);
        std::string_view line;
        for (std::int64_t v = first; lines.next_data(line); ++v) {
            if (v >= h.n) {
                if (!is_blank(line))
                    lines.fail("more vertex lines than the header's n = " + std::to_string(h.n));
                continue;
            }
            const std::size_t begin = g.local.adjncy.size();
            parse_chaco_vertex_line(line, lines, h, g.local);
            sorted.assign(g.local.adjncy.begin() + std::ptrdiff_t(begin), g.local.adjncy.end());
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t k = 0; k < sorted.size(); ++k) {
                if (sorted[k] == v)
                    lines.fail("vertex " + std::to_string(v + 1) +
                               " lists itself as a neighbour: self loops are not allowed");
                if (k > 0 && sorted[k] == sorted[k - 1])
                    lines.fail("vertex " + std::to_string(v + 1) + " lists neighbour " +
                               std::to_string(sorted[k] + 1) + " more than once");
            }
            g.global_id.push_back(VertexId(v));
        }
    });
    const std::int64_t vertices = std::min<std::int64_t>(sum_over_ranks(comm, vertex_lines), h.n);
    const std::int64_t entries = sum_over_ranks(comm, std::int64_t(g.local.adjncy.size()));
    if (vertices < h.n)
        throw InputError(path, slice.total_lines, truncated_vertex_lines_message(vertices, h));
    if (entries != 2 * h.m)
        throw InputError(path, head.header_line, edge_count_message(entries, h));

    const VertexId my_start = VertexId(std::min(first, h.n));
    result.block_start.assign(std::size_t(ranks) + 1, VertexId(h.n));
    MPI_Allgather(&my_start, 1, MPI_INT32_T, result.block_start.data(), 1, MPI_INT32_T, comm);
    check_symmetry(comm, path, slice, result);
    return result;
}

std::vector<PartId> read_partition_slice(MPI_Comm comm, const std::string& path,
                                         const std::vector<VertexId>& block_start,
                                         PartId& num_parts) {
    const LineSlice slice = read_line_slice(comm, path);
    std::vector<PartId> rows;
    PartId max_id = -1;
    const PartId given = num_parts;
    const RowScan scan = collectively(comm, [&] {
        return scan_rows(slice, path, [&](FieldCursor& fields, const LineReader& lines) {
            rows.push_back(parse_part_id_row(fields, lines, given));
            ensure_part_id_below_vertices(rows.back(), block_start.back(), lines);
            max_id = std::max(max_id, rows.back());
        });
    });
    const std::int64_t first_row = check_rows(comm, path, slice, scan, block_start.back(), "lines");
    const PartId largest = part::mpi::max_over_ranks(comm, max_id);
    // As read_partition: without part 0 and without a part count, the file looks 1-based.
    const PartId min_id = rows.empty() ? std::numeric_limits<PartId>::max()
                                       : *std::min_element(rows.begin(), rows.end());
    PartId smallest = 0;
    MPI_Allreduce(&min_id, &smallest, 1, MPI_INT32_T, MPI_MIN, comm);
    if (given <= 0 && parts_from_name(path) <= 0 && largest >= 0 && smallest > 0)
        throw InputError(path, 0, one_based_partition_message(largest));
    num_parts = collectively(
        comm, [&] { return parts_of_partition(given, largest, block_start.back(), path); });
    return part::mpi::move_rows_to_blocks<PartId>(comm, rows, 1, first_row, block_start);
}

std::vector<VertexId> read_permutation_slice(MPI_Comm comm, const std::string& path,
                                             const std::vector<VertexId>& block_start) {
    const LineSlice slice = read_line_slice(comm, path);
    const std::int64_t n = block_start.back();
    std::vector<VertexId> rows;
    const RowScan scan = collectively(comm, [&] {
        return scan_rows(slice, path, [&](FieldCursor& fields, const LineReader& lines) {
            rows.push_back(parse_position_row(fields, lines, n));
        });
    });
    const std::int64_t first_row = check_rows(comm, path, slice, scan, n, "lines");
    return part::mpi::move_rows_to_blocks<VertexId>(comm, rows, 1, first_row, block_start);
}

Coordinates read_coordinates_slice(MPI_Comm comm, const std::string& path,
                                   const std::vector<VertexId>& block_start) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    const LineSlice slice = read_line_slice(comm, path);
    Coordinates local;
    std::int64_t first_row_line = 0;
    const RowScan scan = collectively(comm, [&] {
        return scan_rows(slice, path, [&](FieldCursor& fields, const LineReader& lines) {
            if (local.dim == 0) first_row_line = lines.line_number();
            add_coordinate_row(fields, lines, local);
        });
    });
    // The dimension of the file's first row, from the first rank holding rows.
    int mine = scan.rows > 0 ? rank : ranks, holder = ranks;
    MPI_Allreduce(&mine, &holder, 1, MPI_INT, MPI_MIN, comm);
    Coordinates coords;
    coords.dim = local.dim;
    if (holder < ranks) MPI_Bcast(&coords.dim, 1, MPI_INT, holder, comm);
    collectively(comm, [&] {
        if (local.dim != 0 && local.dim != coords.dim)
            throw InputError(path, first_row_line,
                             "expected " + std::to_string(coords.dim) +
                                 " coordinates as on the first row, found " +
                                 std::to_string(local.dim));
    });
    const std::int64_t first_row =
        check_rows(comm, path, slice, scan, block_start.back(), "coordinate rows");
    if (coords.dim > 0)
        coords.values = part::mpi::move_rows_to_blocks<double>(comm, local.values, coords.dim,
                                                               first_row, block_start);
    return coords;
}

DistributedInput read_distributed_input(MPI_Comm comm, const std::string& graph_path,
                                        const std::string& partition_path, PartId old_parts,
                                        const std::string& coords_path,
                                        const std::string& order_path, bool hilbert_positions) {
    const int rank = part::mpi::rank_of(comm);
    GraphSlice slice = read_chaco_slice(comm, graph_path);
    DistributedInput input;
    input.old_parts = old_parts;
    input.block_old_part =
        read_partition_slice(comm, partition_path, slice.block_start, input.old_parts);
    if (!coords_path.empty())
        slice.graph.local.coords = read_coordinates_slice(comm, coords_path, slice.block_start);
    if (!order_path.empty())
        input.block_position = read_permutation_slice(comm, order_path, slice.block_start);
    else if (hilbert_positions && !coords_path.empty())
        input.block_position = part::mpi::distributed_hilbert_positions(
            comm, slice.graph.local.coords, slice.block_start[std::size_t(rank)]);
    input.position = input.block_position;
    input.block_vertex_size = slice.graph.local.vsize;
    input.graph = std::move(slice.graph);
    input.block_start = std::move(slice.block_start);
    input.old_part = input.block_old_part;
    move_to_old_part_owners(comm, input.graph, input,
                            !order_path.empty() || (hilbert_positions && !coords_path.empty()));
    return input;
}

void move_to_old_part_owners(MPI_Comm comm, part::mpi::DistributedGraph& graph,
                             DistributedInput& input, bool with_positions) {
    const int ranks = part::mpi::size_of(comm);
    std::vector<int> destination(input.old_part.size());
    for (std::size_t v = 0; v < destination.size(); ++v)
        destination[v] = part::mpi::owner_of_part(input.old_part[v], ranks);
    std::vector<std::vector<std::int32_t>*> carried{&input.old_part};
    if (with_positions) carried.push_back(&input.position);
    part::mpi::migrate(comm, graph, destination, carried);
}

} // namespace part::formats::mpi
