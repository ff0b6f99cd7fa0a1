#include "libpart/mpi/distributed_curve_order.hpp"

#include <algorithm>
#include <numeric>

#include "libpart/core/error.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/order/space_filling_curve.hpp"

namespace part::mpi {

namespace {

struct PlacedPoint {
    std::uint64_t key;
    std::uint32_t cube;
    VertexId id;
};

bool before(const PlacedPoint& a, const PlacedPoint& b) {
    if (a.cube != b.cube) return a.cube < b.cube;
    if (a.key != b.key) return a.key < b.key;
    return a.id < b.id;
}

struct PlacedPosition {
    VertexId id;
    VertexId position;
};

// The frame of the bounding box of every rank's points.
CurveFrame global_frame(MPI_Comm comm, const Coordinates& coords) {
    BoundingBox box = bounding_box(coords);
    MPI_Allreduce(MPI_IN_PLACE, box.lo.data(), 3, MPI_DOUBLE, MPI_MIN, comm);
    MPI_Allreduce(MPI_IN_PLACE, box.hi.data(), 3, MPI_DOUBLE, MPI_MAX, comm);
    return CurveFrame(coords.dim, box, CurveFrame::Curve::Hilbert);
}

// P - 1 splitters from every rank's regular samples of its sorted points: buckets of about
// equal size whatever the distribution of the points over the ranks.
std::vector<PlacedPoint> splitters(MPI_Comm comm, const std::vector<PlacedPoint>& sorted,
                                   int ranks) {
    std::vector<PlacedPoint> samples;
    for (int i = 1; i < ranks && !sorted.empty(); ++i)
        samples.push_back(sorted[sorted.size() * std::size_t(i) / std::size_t(ranks)]);
    std::vector<PlacedPoint> all = all_gather_pieces<PlacedPoint>(comm, samples);
    std::sort(all.begin(), all.end(), before);
    std::vector<PlacedPoint> chosen;
    for (int i = 1; i < ranks && !all.empty(); ++i)
        chosen.push_back(all[all.size() * std::size_t(i) / std::size_t(ranks)]);
    return chosen;
}

} // namespace

std::vector<VertexId> distributed_hilbert_positions(MPI_Comm comm, const Coordinates& coords,
                                                    VertexId first_id) {
    if (coords.dim < 1 || coords.dim > 3)
        throw InvalidArgument("the Hilbert ordering needs 1 to 3 coordinates per point");
    const int ranks = size_of(comm);
    const CurveFrame frame = global_frame(comm, coords);
    const std::size_t n = coords.values.size() / std::size_t(coords.dim);
    std::vector<PlacedPoint> points(n);
    for (std::size_t v = 0; v < n; ++v) {
        const CurvePlace place = frame.place(coords.values.data() + v * coords.dim);
        points[v] = {place.key, place.cube, VertexId(first_id + VertexId(v))};
    }
    std::sort(points.begin(), points.end(), before);

    // Buckets: rank r sorts the points between splitters r - 1 and r and answers their positions.
    const std::vector<PlacedPoint> split = splitters(comm, points, ranks);
    auto bucket = [&](std::size_t i) {
        return int(std::upper_bound(split.begin(), split.end(), points[i], before) - split.begin());
    };
    auto place = [&](const std::vector<PlacedPoint>& asked) {
        // Each source's run is sorted; the order of the runs is not.
        std::vector<std::size_t> order(asked.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return before(asked[a], asked[b]); });
        long long count = (long long)asked.size(), offset = 0;
        MPI_Exscan(&count, &offset, 1, MPI_LONG_LONG, MPI_SUM, comm);
        if (rank_of(comm) == 0) offset = 0;
        std::vector<PlacedPosition> answers(asked.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            answers[order[k]] = {asked[order[k]].id, VertexId(offset + (long long)k)};
        return answers;
    };
    std::vector<VertexId> positions(n, -1);
    for (const PlacedPosition& a : ask_ranks<PlacedPosition>(comm, points, bucket, place))
        positions[std::size_t(a.id - first_id)] = a.position;
    return positions;
}

} // namespace part::mpi
