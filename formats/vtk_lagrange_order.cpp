#include "formats/vtk_lagrange_order.hpp"

#include <vtkCell.h>
#include <vtkGenericCell.h>
#include <vtkHigherOrderHexahedron.h>
#include <vtkHigherOrderQuadrilateral.h>
#include <vtkHigherOrderTetra.h>
#include <vtkHigherOrderTriangle.h>
#include <vtkHigherOrderWedge.h>
#include <vtkIdList.h>
#include <vtkNew.h>
#include <vtkPoints.h>

#include <array>
#include <cmath>

namespace part::formats {

// VTK's higher-order cells take their order from their points, which must be set first;
// quadrilaterals, hexahedra and wedges may have one per direction, so they want it set.
std::vector<std::array<double, 3>> vtk_parametric_points(int vtk_type, int num_nodes, int order) {
    vtkNew<vtkGenericCell> generic;
    generic->SetCellType(vtk_type);
    vtkCell* cell = generic->GetRepresentativeCell();
    cell->PointIds->SetNumberOfIds(num_nodes);
    cell->Points->SetNumberOfPoints(num_nodes);
    for (int k = 0; k < num_nodes; ++k) {
        cell->PointIds->SetId(k, k);
        cell->Points->SetPoint(k, 0, 0, 0);
    }
    if (auto* wedge = vtkHigherOrderWedge::SafeDownCast(cell))
        wedge->SetOrder(order, order, order, num_nodes);
    if (auto* hex = vtkHigherOrderHexahedron::SafeDownCast(cell))
        hex->SetOrder(order, order, order);
    if (auto* quad = vtkHigherOrderQuadrilateral::SafeDownCast(cell)) quad->SetOrder(order, order);
    if (auto* triangle = vtkHigherOrderTriangle::SafeDownCast(cell)) triangle->Initialize();
    if (auto* tetra = vtkHigherOrderTetra::SafeDownCast(cell)) tetra->Initialize();
    const double* pcoords = cell->GetParametricCoords();
    std::vector<std::array<double, 3>> points;
    for (int k = 0; pcoords && k < num_nodes; ++k)
        points.push_back({pcoords[3 * k], pcoords[3 * k + 1], pcoords[3 * k + 2]});
    return points;
}

std::vector<int> lagrange_to_low_order(int lagrange_vtk_type, CellType family, int num_nodes) {
    // VTK takes a Lagrange cell's order from its point count: a complete cell's only (but for
    // its 7-point triangle and 21-point wedge, which no linear or quadratic cell matches).
    const bool linear = num_nodes == lagrange_num_nodes(family, 1);
    if (!linear && num_nodes != lagrange_num_nodes(family, 2)) return {};
    const HighOrderForm* form = higher_order_form(family, num_nodes);
    if (!linear && (!form || form->vtk_type >= VTK_LAGRANGE_CURVE)) return {};
    const int low_type = linear ? kVtkCellTypes[static_cast<int>(family)] : form->vtk_type;
    const auto lagrange = vtk_parametric_points(lagrange_vtk_type, num_nodes, linear ? 1 : 2);
    const auto low = vtk_parametric_points(low_type, num_nodes, 0);
    if (lagrange.size() != std::size_t(num_nodes) || low.size() != lagrange.size()) return {};
    // Both cells share the parametric space, so a point of one sits where the other has the same
    // node. A Lagrange wedge turns the other way round from vtkWedge and its quadratic forms,
    // though (VTK measures a wedge of either kind positive only with its own corner order; see
    // docs/formats.md): its point at (r, s, t) is matched to the one at (s, r, t).
    const bool mirror = family == CellType::Wedge;
    std::vector<int> to_lagrange;
    for (const auto& p : low) {
        const std::array<double, 3> q = mirror ? std::array{p[1], p[0], p[2]} : p;
        int found = -1;
        for (int k = 0; k < num_nodes; ++k)
            if (std::abs(lagrange[k][0] - q[0]) + std::abs(lagrange[k][1] - q[1]) +
                    std::abs(lagrange[k][2] - q[2]) <
                1e-9)
                found = k;
        if (found < 0) return {};
        to_lagrange.push_back(found);
    }
    return to_lagrange;
}

} // namespace part::formats
