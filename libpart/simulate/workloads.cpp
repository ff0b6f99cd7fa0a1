#include "libpart/simulate/workloads.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "libpart/core/bounding_box.hpp"

namespace part {

namespace {

// The cells' box in the plane of the first two axes; an absent axis lies at 0.
struct Box {
    explicit Box(const Coordinates& coords) : box(bounding_box(coords)), dim(coords.dim) {}
    double low(int axis) const { return axis < dim ? box.lo[axis] : 0.0; }
    double extent(int axis) const { return std::max(box.extent(axis), 1e-12); }

    BoundingBox box;
    int dim;
};

double coordinate(const Coordinates& coords, VertexId v, int axis) {
    return axis < coords.dim ? coords.at(v, axis) : 0.0;
}

// A workload that sweeps the domain once over the run's steps.
class Sweep : public Workload {
  public:
    Sweep(const Coordinates& coords, std::int64_t steps)
        : coords_(coords), box_(coords), steps_(steps) {}

  protected:
    const Coordinates& coords_;
    Box box_;
    std::int64_t steps_;
};

class MovingHotSpot final : public Sweep {
  public:
    using Sweep::Sweep;
    void weights_at(std::int64_t step, std::span<double> weights) override {
        const double angle = 2 * std::numbers::pi * double(step) / double(steps_);
        const double cx = box_.low(0) + box_.extent(0) * (0.5 + 0.3 * std::cos(angle));
        const double cy = box_.low(1) + box_.extent(1) * (0.5 + 0.3 * std::sin(angle));
        const double radius = 0.12 * std::hypot(box_.extent(0), box_.extent(1));
        for (std::size_t v = 0; v < weights.size(); ++v) {
            const double dx = coordinate(coords_, VertexId(v), 0) - cx,
                         dy = coordinate(coords_, VertexId(v), 1) - cy;
            weights[v] = 1 + 9 * std::exp(-(dx * dx + dy * dy) / (radius * radius));
        }
    }
};

// WaTor (Dewdney): fish move to a free neighbouring square and breed every kFishBreed
// chronons; sharks eat a neighbouring fish or move, breed every kSharkBreed chronons and
// starve after kSharkStarve chronons without food. One chronon per step, squares visited in
// a seeded random order.
class WaTor final : public Workload {
  public:
    WaTor(const Coordinates& coords, unsigned seed) : random_(seed), box_(coords) {
        cell_of_vertex_.resize(coords.values.size() / std::size_t(coords.dim));
        for (std::size_t v = 0; v < cell_of_vertex_.size(); ++v) {
            auto square = [&](int axis) {
                const double f =
                    (coordinate(coords, VertexId(v), axis) - box_.low(axis)) / box_.extent(axis);
                return std::clamp(int(f * kSide), 0, kSide - 1);
            };
            cell_of_vertex_[v] = square(1) * kSide + square(0);
        }
        std::uniform_real_distribution<double> uniform(0, 1);
        for (Square& s : grid_) {
            const double u = uniform(random_);
            s.kind = u < 0.3 ? Kind::Fish : u < 0.33 ? Kind::Shark : Kind::Empty;
            s.age = int(uniform(random_) * kFishBreed);
            s.energy = kSharkStarve;
        }
        order_.resize(grid_.size());
        for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = int(i);
    }

    void weights_at(std::int64_t step, std::span<double> weights) override {
        while (chronon_ < step) advance();
        for (std::size_t v = 0; v < weights.size(); ++v) {
            const Square& s = grid_[std::size_t(cell_of_vertex_[v])];
            weights[v] = s.kind == Kind::Fish ? 4.0 : s.kind == Kind::Shark ? 8.0 : 1.0;
        }
    }

  private:
    static constexpr int kSide = 64, kFishBreed = 3, kSharkBreed = 8, kSharkStarve = 3;
    enum class Kind : unsigned char { Empty, Fish, Shark };
    struct Square {
        Kind kind = Kind::Empty;
        int age = 0, energy = 0;
        std::int64_t moved = -1; // chronon in which it last moved, so nothing moves twice
    };

    int neighbour(int square, int direction) const {
        const int x = square % kSide, y = square / kSide;
        static constexpr int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        return ((y + dy[direction] + kSide) % kSide) * kSide + (x + dx[direction] + kSide) % kSide;
    }
    // A random neighbour holding `kind`, or -1.
    int pick(int square, Kind kind) {
        int found[4], count = 0;
        for (int d = 0; d < 4; ++d)
            if (grid_[std::size_t(neighbour(square, d))].kind == kind)
                found[count++] = neighbour(square, d);
        return count == 0 ? -1 : found[std::uniform_int_distribution<int>(0, count - 1)(random_)];
    }
    void move(int from, int to, int breed_age) {
        Square& source = grid_[std::size_t(from)];
        Square& target = grid_[std::size_t(to)];
        target = source;
        target.moved = chronon_;
        if (++target.age >= breed_age) { // leave a young one behind
            target.age = 0;
            source.age = 0;
            source.moved = chronon_;
            source.energy = kSharkStarve;
        } else {
            source = Square{};
        }
    }
    void advance() {
        ++chronon_;
        std::shuffle(order_.begin(), order_.end(), random_);
        for (int square : order_) {
            Square& s = grid_[std::size_t(square)];
            if (s.kind == Kind::Empty || s.moved == chronon_) continue;
            if (s.kind == Kind::Fish) {
                const int to = pick(square, Kind::Empty);
                if (to >= 0) move(square, to, kFishBreed);
                continue;
            }
            int to = pick(square, Kind::Fish);
            if (to >= 0) {
                s.energy = kSharkStarve;
            } else if (--s.energy <= 0) {
                s = Square{};
                continue;
            } else {
                to = pick(square, Kind::Empty);
            }
            if (to >= 0) move(square, to, kSharkBreed);
        }
    }

    std::mt19937 random_;
    Box box_;
    std::vector<int> cell_of_vertex_;
    std::vector<Square> grid_ = std::vector<Square>(std::size_t(kSide) * kSide);
    std::vector<int> order_;
    std::int64_t chronon_ = 0;
};

class RefinementFront final : public Sweep {
  public:
    using Sweep::Sweep;
    void weights_at(std::int64_t step, std::span<double> weights) override {
        const double front = box_.low(0) + box_.extent(0) * (double(step) + 0.5) / double(steps_);
        const double half_band = 0.08 * box_.extent(0);
        for (std::size_t v = 0; v < weights.size(); ++v)
            weights[v] =
                std::abs(coordinate(coords_, VertexId(v), 0) - front) <= half_band ? 8.0 : 1.0;
    }
};

} // namespace

void check_workload(const std::string& name) {
    if (std::find(std::begin(kWorkloadNames), std::end(kWorkloadNames), name) ==
        std::end(kWorkloadNames))
        throw InvalidArgument("unknown workload '" + name + "': expected hotspot, wator or front");
}

std::unique_ptr<Workload> make_workload(const std::string& name, const Coordinates& coords,
                                        std::int64_t steps, unsigned seed) {
    if (steps < 1) throw InvalidArgument("a simulation needs at least one step");
    check_workload(name);
    if (coords.empty() || coords.values.empty())
        throw InvalidArgument("workload '" + name + "' needs vertex coordinates");
    if (name == "hotspot") return std::make_unique<MovingHotSpot>(coords, steps);
    if (name == "wator") return std::make_unique<WaTor>(coords, seed);
    return std::make_unique<RefinementFront>(coords, steps);
}

} // namespace part
