#include "examples/demo_solver/heat_equation.hpp"

#include <algorithm>

namespace demo {

HeatModel::HeatModel(const CellMesh& mesh, const HeatSource& source)
    : mesh_(mesh), source_(source) {
    std::int64_t max_degree = 1;
    double extent = 0;
    for (std::int32_t c = 0; c < mesh.num_cells(); ++c)
        max_degree = std::max(max_degree, mesh.xadj[c + 1] - mesh.xadj[c]);
    for (int axis = 0; axis < mesh.dim; ++axis)
        extent = std::max(extent, mesh.high[axis] - mesh.low[axis]);
    // The explicit scheme is stable (a maximum principle holds) for dt k max_degree <= 1.
    dt_ = 0.5 / (conductivity_ * double(max_degree));
    radius_ = source.radius * extent;
}

bool HeatModel::heated(std::int32_t cell, std::int64_t step) const {
    const double* centroid = mesh_.centroids.data() + std::size_t(cell) * mesh_.dim;
    const double along = (double(step % source_.period) + 0.5) / double(source_.period);
    double distance2 = 0;
    for (int axis = 0; axis < mesh_.dim; ++axis) {
        const double centre = axis == 0 ? mesh_.low[0] + along * (mesh_.high[0] - mesh_.low[0])
                                        : 0.5 * (mesh_.low[axis] + mesh_.high[axis]);
        distance2 += (centroid[axis] - centre) * (centroid[axis] - centre);
    }
    return distance2 < radius_ * radius_;
}

std::int32_t HeatModel::work(std::int32_t cell, std::int64_t step) const {
    const auto terms = std::int32_t(mesh_.xadj[cell + 1] - mesh_.xadj[cell]) + 1;
    return terms + (heated(cell, step) ? source_.sub_steps : 0);
}

std::vector<std::int32_t> HeatModel::work(std::int64_t step) const {
    std::vector<std::int32_t> result(std::size_t(mesh_.num_cells()));
    for (std::int32_t c = 0; c < mesh_.num_cells(); ++c) result[c] = work(c, step);
    return result;
}

double HeatModel::heating(double u) const {
    const double h = dt_ / source_.sub_steps;
    double v = u;
    for (int s = 0; s < source_.sub_steps; ++s) v += h * source_.rate * (source_.hot - v);
    return v - u;
}

void HeatModel::advance(const LocalCells& local, std::span<const double> values, std::int64_t step,
                        std::span<double> next) const {
    for (std::size_t i = 0; i < local.ids.size(); ++i) {
        const double u = values[i];
        double flux = 0;
        for (std::int64_t e = local.offsets[i]; e < local.offsets[i + 1]; ++e)
            flux += conductivity_ * (values[std::size_t(local.neighbours[e])] - u);
        next[i] = u + dt_ * flux + (heated(local.ids[i], step) ? heating(u) : 0.0);
    }
}

} // namespace demo
