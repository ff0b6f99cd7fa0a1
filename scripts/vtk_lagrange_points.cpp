// Prints the parametric coordinates of the points of a VTK Lagrange cell, one point a line, in
// VTK's node order: `vtk_lagrange_points VTK_TYPE NUM_POINTS ORDER`. Built and run by
// scripts/gmsh_vtk_node_order.py so that the node orders of the cells of order 3 and up come
// from VTK's own cell classes (vtkHigherOrder*::SetParametricCoords), not from a copied table.
#include <cstdio>
#include <cstdlib>

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

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: vtk_lagrange_points VTK_TYPE NUM_POINTS ORDER\n");
        return 2;
    }
    const int type = std::atoi(argv[1]);
    const int num_points = std::atoi(argv[2]);
    const int order = std::atoi(argv[3]);
    vtkNew<vtkGenericCell> generic;
    generic->SetCellType(type);
    vtkCell* cell = generic->GetRepresentativeCell();
    cell->PointIds->SetNumberOfIds(num_points);
    cell->Points->SetNumberOfPoints(num_points);
    for (int k = 0; k < num_points; ++k) {
        cell->PointIds->SetId(k, k);
        cell->Points->SetPoint(k, 0, 0, 0);
    }
    // Quadrilaterals, hexahedra and wedges may have a different order per direction, so VTK
    // wants it set; triangles and tetrahedra take it from the point count.
    if (auto* wedge = vtkHigherOrderWedge::SafeDownCast(cell))
        wedge->SetOrder(order, order, order, num_points);
    if (auto* hex = vtkHigherOrderHexahedron::SafeDownCast(cell))
        hex->SetOrder(order, order, order);
    if (auto* quad = vtkHigherOrderQuadrilateral::SafeDownCast(cell)) quad->SetOrder(order, order);
    if (auto* triangle = vtkHigherOrderTriangle::SafeDownCast(cell)) triangle->Initialize();
    if (auto* tetra = vtkHigherOrderTetra::SafeDownCast(cell)) tetra->Initialize();
    const double* pcoords = cell->GetParametricCoords();
    if (!pcoords) return 1;
    for (int k = 0; k < num_points; ++k)
        std::printf("%.17g %.17g %.17g\n", pcoords[3 * k], pcoords[3 * k + 1], pcoords[3 * k + 2]);
    return 0;
}
