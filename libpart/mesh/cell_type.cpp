#include "libpart/mesh/cell_type.hpp"

#include <vector>

namespace part {

namespace {

// Indexed by CellType. Faces follow the VTK cell definitions (vtkTetra, vtkHexahedron,
// vtkWedge, vtkPyramid); only which nodes a face holds matters here, not its orientation.
constexpr CellShape kShapes[] = {
    {"vertex", 0, 1, 0, {}, {}, 0},
    {"line", 1, 2, 2, {1, 1}, {{0}, {1}}, 1},
    {"triangle", 2, 3, 3, {2, 2, 2}, {{0, 1}, {1, 2}, {2, 0}}, 2},
    {"quadrilateral", 2, 4, 4, {2, 2, 2, 2}, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 2},
    {"tetrahedron", 3, 4, 4, {3, 3, 3, 3}, {{0, 1, 3}, {1, 2, 3}, {2, 0, 3}, {0, 2, 1}}, 3},
    {"hexahedron",
     3,
     8,
     6,
     {4, 4, 4, 4, 4, 4},
     {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}},
     4},
    {"wedge",
     3,
     6,
     5,
     {3, 3, 4, 4, 4},
     {{0, 1, 2}, {3, 5, 4}, {0, 3, 4, 1}, {1, 4, 5, 2}, {2, 5, 3, 0}},
     3},
    {"pyramid",
     3,
     5,
     5,
     {4, 3, 3, 3, 3},
     {{0, 3, 2, 1}, {0, 1, 4}, {1, 2, 4}, {2, 3, 4}, {3, 0, 4}},
     3},
    {"polyhedron", 3, 0, 0, {}, {}, 3},
    {"polygon", 2, 0, 0, {}, {}, 2},
};

// The quadratic cells of VTK's vtkCellType.h (21-34, 37), by the family of their corners. Their
// node orders are those of the VTK classes (vtkQuadraticTetra, vtkTriQuadraticHexahedron, ...).
constexpr HighOrderForm kHighOrderForms[] = {
    {CellType::Line, 3, 21, "quadratic line"},
    {CellType::Triangle, 6, 22, "quadratic triangle"},
    {CellType::Triangle, 7, 34, "biquadratic triangle"},
    {CellType::Quadrilateral, 6, 30, "quadratic-linear quadrilateral"},
    {CellType::Quadrilateral, 8, 23, "quadratic quadrilateral"},
    {CellType::Quadrilateral, 9, 28, "biquadratic quadrilateral"},
    {CellType::Tetrahedron, 10, 24, "quadratic tetrahedron"},
    {CellType::Hexahedron, 20, 25, "quadratic hexahedron"},
    {CellType::Hexahedron, 24, 33, "biquadratic-quadratic hexahedron"},
    {CellType::Hexahedron, 27, 29, "triquadratic hexahedron"},
    {CellType::Wedge, 12, 31, "quadratic-linear wedge"},
    {CellType::Wedge, 15, 26, "quadratic wedge"},
    {CellType::Wedge, 18, 32, "biquadratic-quadratic wedge"},
    {CellType::Pyramid, 13, 27, "quadratic pyramid"},
    {CellType::Pyramid, 19, 37, "triquadratic pyramid"},
};

// The families with a VTK Lagrange cell (vtkLagrangeCurve ... vtkLagrangeWedge): its VTK type,
// its name and the node count of a complete cell of order p (VTK's
// vtkHigherOrder*::PointIndexFromIJK lays the nodes out on these lattices).
struct LagrangeFamily {
    CellType family;
    int vtk_type;
    const char* name;
    int (*num_nodes)(int order);
};
constexpr LagrangeFamily kLagrangeFamilies[] = {
    {CellType::Line, 68, "line", [](int p) { return p + 1; }},
    {CellType::Triangle, 69, "triangle", [](int p) { return (p + 1) * (p + 2) / 2; }},
    {CellType::Quadrilateral, 70, "quadrilateral", [](int p) { return (p + 1) * (p + 1); }},
    {CellType::Tetrahedron, 71, "tetrahedron",
     [](int p) { return (p + 1) * (p + 2) * (p + 3) / 6; }},
    {CellType::Hexahedron, 72, "hexahedron", [](int p) { return (p + 1) * (p + 1) * (p + 1); }},
    {CellType::Wedge, 73, "wedge", [](int p) { return (p + 1) * (p + 1) * (p + 2) / 2; }},
};

// The quadratic forms, then the Lagrange forms of order 3 to kMaxLagrangeOrder, built once.
const std::vector<HighOrderForm>& all_forms() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const LagrangeFamily& f : kLagrangeFamilies)
            for (int p = 3; p <= kMaxLagrangeOrder; ++p)
                out.push_back("Lagrange " + std::string(f.name) + " of order " + std::to_string(p));
        return out;
    }();
    static const std::vector<HighOrderForm> forms = [] {
        std::vector<HighOrderForm> out(std::begin(kHighOrderForms), std::end(kHighOrderForms));
        std::size_t name = 0;
        for (const LagrangeFamily& f : kLagrangeFamilies)
            for (int p = 3; p <= kMaxLagrangeOrder; ++p)
                out.push_back({f.family, f.num_nodes(p), f.vtk_type, names[name++].c_str()});
        return out;
    }();
    return forms;
}

} // namespace

int lagrange_num_nodes(CellType family, int order) {
    for (const LagrangeFamily& f : kLagrangeFamilies)
        if (f.family == family) return f.num_nodes(order);
    return 0;
}

std::span<const HighOrderForm> higher_order_forms() {
    return all_forms();
}

const HighOrderForm* higher_order_form(CellType family, int num_nodes) {
    for (const HighOrderForm& form : all_forms())
        if (form.family == family && form.num_nodes == num_nodes) return &form;
    return nullptr;
}

const char* cell_form_name(CellType family, int num_nodes) {
    const HighOrderForm* form = higher_order_form(family, num_nodes);
    return form ? form->name : cell_name(family);
}

bool is_cell_node_count(CellType family, int num_nodes) {
    return num_nodes == cell_num_corners(family) || higher_order_form(family, num_nodes);
}

const CellShape& cell_shape(CellType type) {
    return kShapes[static_cast<int>(type)];
}

std::string supported_cell_names() {
    return "vertex, line, triangle, quadrilateral, tetrahedron, hexahedron, wedge (prism), "
           "pyramid, "
           "polyhedron, polygon, the quadratic forms of the first eight, and the Lagrange forms of "
           "order 3 "
           "to " +
           std::to_string(kMaxLagrangeOrder) + " of all but the pyramid";
}

} // namespace part
