// Writes tetgen's tetrahedra (.node, .ele) as a CGNS file with the CGNS library, in two
// unstructured zones split at x = 0.5 (by each tetrahedron's centroid), each zone with its
// own copy of the points it uses, as multi-zone CGNS files hold them. Made tests/data/tetbox.cgns:
//   tetgen -pq1.5a0.02nQ tetbox.poly        # tetbox.1.node, .ele, .neigh (216 face pairs)
//   g++ -std=c++17 make_cgns.cpp -o make_cgns -lcgns
//   ./make_cgns tetbox.1 tetbox.cgns
// (tetgen_to_cgns of cgns-convert numbers its boundary triangles before the tetrahedra, which
// VTK's CGNS reader takes for the zone's cells.)
#include <cgnslib.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The numbers of a tetgen file without its comments.
std::vector<double> numbers(const std::string& path) {
    std::ifstream in(path);
    std::vector<double> values;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line.substr(0, line.find('#')));
        for (double v; words >> v;) values.push_back(v);
    }
    return values;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    const std::string stem = argv[1];
    const std::vector<double> node = numbers(stem + ".node"), ele = numbers(stem + ".ele");
    const int num_nodes = int(node[0]), num_tets = int(ele[0]);
    const int node_stride = 4 + int(node[2]) + int(node[3]), ele_stride = 1 + int(ele[1]) + int(ele[2]);
    auto coord = [&](int n, int axis) { return node[4 + std::size_t(n - 1) * node_stride + 1 + axis]; };
    auto corner = [&](int t, int k) { return int(ele[3 + std::size_t(t) * ele_stride + 1 + k]); };
    int file, base;
    if (cg_open(argv[2], CG_MODE_WRITE, &file) || cg_base_write(file, "Base", 3, 3, &base)) return 1;
    for (int zone_index = 0; zone_index < 2; ++zone_index) {
        std::map<int, cgsize_t> local; // tetgen node -> 1-based zone node
        std::vector<double> xyz[3];
        std::vector<cgsize_t> connectivity;
        for (int t = 0; t < num_tets; ++t) {
            double x = 0;
            for (int k = 0; k < 4; ++k) x += coord(corner(t, k), 0) / 4;
            if ((x < 0.5) != (zone_index == 0)) continue;
            for (int k = 0; k < 4; ++k) {
                const auto [at, added] = local.emplace(corner(t, k), cgsize_t(local.size() + 1));
                if (added)
                    for (int a = 0; a < 3; ++a) xyz[a].push_back(coord(corner(t, k), a));
                connectivity.push_back(at->second);
            }
        }
        const cgsize_t size[3] = {cgsize_t(local.size()), cgsize_t(connectivity.size() / 4), 0};
        const std::string name = "Zone" + std::to_string(zone_index + 1);
        int zone, c, section;
        if (cg_zone_write(file, base, name.c_str(), size, CGNS_ENUMV(Unstructured), &zone)) return 1;
        const char* names[3] = {"CoordinateX", "CoordinateY", "CoordinateZ"};
        for (int a = 0; a < 3; ++a)
            if (cg_coord_write(file, base, zone, CGNS_ENUMV(RealDouble), names[a], xyz[a].data(), &c))
                return 1;
        if (cg_section_write(file, base, zone, "Tetrahedra", CGNS_ENUMV(TETRA_4), 1, size[1], 0,
                             connectivity.data(), &section))
            return 1;
    }
    (void)num_nodes;
    return cg_close(file) ? 1 : 0;
}
