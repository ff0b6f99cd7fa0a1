// Prints the parametric coordinates of the points of a VTK Lagrange cell, one point a line, in
// VTK's node order: `vtk_lagrange_points VTK_TYPE NUM_POINTS ORDER`. Built and run by
// scripts/gmsh_vtk_node_order.py so that the node orders of the cells of order 3 and up come
// from VTK's own cell classes (vtkHigherOrder*::SetParametricCoords), not from a copied table.
#include <cstdio>
#include <cstdlib>

#include "formats/vtk_lagrange_order.hpp"

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: vtk_lagrange_points VTK_TYPE NUM_POINTS ORDER\n");
        return 2;
    }
    const auto points = part::formats::vtk_parametric_points(std::atoi(argv[1]), std::atoi(argv[2]),
                                                             std::atoi(argv[3]));
    if (points.empty()) return 1;
    for (const auto& p : points) std::printf("%.17g %.17g %.17g\n", p[0], p[1], p[2]);
    return 0;
}
