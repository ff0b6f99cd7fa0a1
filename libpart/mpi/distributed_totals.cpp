#include "libpart/mpi/distributed_totals.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

// The distinct global node ids of the pieces, ascending.
std::vector<std::int64_t> distinct_node_ids(std::span<const Mesh> pieces) {
    std::vector<std::int64_t> ids;
    for (const Mesh& piece : pieces) {
        const MeshArray* a = piece.find_point_array("GlobalNodeIds");
        if (!a || a->components() != 1)
            throw MeshError(-1, "a piece has no single-component point array 'GlobalNodeIds'");
        for (PointId p = 0; p < piece.num_points(); ++p)
            ids.push_back(std::int64_t(a->value(std::size_t(p))));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

// Marks (by global id) the points this rank holds but a lower rank counts.
std::vector<char> counted_elsewhere(MPI_Comm comm, const std::vector<std::int64_t>& ids) {
    const int ranks = size_of(comm);
    auto judge = [&](std::size_t i) { return int(std::uint64_t(ids[i]) % std::uint64_t(ranks)); };
    const std::vector<char> answers =
        ask_ranks<char>(comm, ids, judge, [](const std::vector<std::int64_t>& asked) {
            // Asks arrive by source rank, so the first ask of an id comes from the lowest holder.
            std::vector<std::size_t> order(asked.size());
            std::iota(order.begin(), order.end(), std::size_t(0));
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return asked[a] < asked[b]; });
            std::vector<char> elsewhere(asked.size(), 0);
            for (std::size_t k = 1; k < order.size(); ++k)
                elsewhere[order[k]] = asked[order[k]] == asked[order[k - 1]];
            return elsewhere;
        });
    std::vector<char> marked(ids.empty() ? 0 : std::size_t(ids.back()) + 1, 0);
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] >= 0) marked[std::size_t(ids[i])] = answers[i];
    return marked;
}

// Totals as flat bytes: counts, then per field its name, placement, components and values.
std::vector<char> serialise(const DatasetTotals& t) {
    std::vector<char> out;
    const std::int64_t head[5] = {t.cells, t.points, std::int64_t(t.cell_ids),
                                  std::int64_t(t.point_ids), std::int64_t(t.fields.size())};
    put(out, head, 5);
    for (const FieldTotal& f : t.fields) {
        const std::int64_t meta[4] = {std::int64_t(f.name.size()), f.on_points, f.components,
                                      std::int64_t(f.fingerprint)};
        put(out, meta, 4);
        put(out, f.name.data(), f.name.size());
        put(out, f.sums.data(), f.sums.size());
        put(out, f.magnitudes.data(), f.magnitudes.size());
    }
    return out;
}

// Adds the totals serialised at `at` to `sum` and `fields`; returns where the next begin.
const char* merge(const char* at, DatasetTotals& sum,
                  std::map<std::pair<bool, std::string>, FieldTotal>& fields) {
    std::int64_t head[5];
    at = take(at, head, 5);
    sum.cells += head[0];
    sum.points += head[1];
    sum.cell_ids += std::uint64_t(head[2]);
    sum.point_ids += std::uint64_t(head[3]);
    for (std::int64_t field = 0; field < head[4]; ++field) {
        std::int64_t meta[4];
        at = take(at, meta, 4);
        std::string name(std::size_t(meta[0]), ' ');
        at = take(at, name.data(), name.size());
        FieldTotal& f = fields[{meta[1] != 0, name}];
        std::vector<double> sums(static_cast<std::size_t>(meta[2])),
            magnitudes(static_cast<std::size_t>(meta[2]));
        at = take(take(at, sums.data(), sums.size()), magnitudes.data(), magnitudes.size());
        if (f.sums.empty()) {
            f.name = name;
            f.on_points = meta[1] != 0;
            f.components = int(meta[2]);
            f.sums.assign(sums.size(), 0.0);
            f.magnitudes = f.sums;
        }
        if (f.components != int(meta[2]))
            throw MeshError(-1, "field '" + name +
                                    "' has different component counts on different ranks");
        for (std::size_t k = 0; k < sums.size(); ++k) {
            f.sums[k] += sums[k];
            f.magnitudes[k] += magnitudes[k];
        }
        f.fingerprint += std::uint64_t(meta[3]);
    }
    return at;
}

} // namespace

DatasetTotals distributed_dataset_totals(MPI_Comm comm, std::span<const Mesh> pieces) {
    const std::vector<std::int64_t> ids =
        collectively(comm, [&] { return distinct_node_ids(pieces); });
    std::vector<char> elsewhere = counted_elsewhere(comm, ids);
    const std::vector<char> mine =
        collectively(comm, [&] { return serialise(dataset_totals(pieces, std::move(elsewhere))); });
    const std::vector<char> all = all_gather_pieces<char>(comm, mine);
    return collectively(comm, [&] {
        DatasetTotals sum;
        std::map<std::pair<bool, std::string>, FieldTotal> fields;
        for (const char* at = all.data(); at < all.data() + all.size();)
            at = merge(at, sum, fields);
        for (auto& [key, total] : fields) sum.fields.push_back(std::move(total));
        return sum;
    });
}

} // namespace part::mpi
