// Vertex weights and sizes read from the mesh arrays a user names (part-convert's fields).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "libpart/mesh/mesh_weights.hpp"
#include "tests/support/small_mesh.hpp"

using namespace part;

namespace {

// Cell arrays "w" (two components) and "s", point array "p".
Mesh mesh_with_fields() {
    Mesh mesh = test::two_triangles_and_a_line();
    mesh.cell_data.push_back(
        MeshArray::from_values("w", 2, std::vector<double>{1, 10, 2, 20, 3, 30}));
    mesh.cell_data.push_back(MeshArray::from_values("s", 1, std::vector<double>{5, 6, 7}));
    mesh.point_data.push_back(MeshArray::from_values("p", 1, std::vector<double>{1, 2, 3, 4}));
    return mesh;
}

std::string error_of(const std::function<void()>& call) {
    try {
        call();
    } catch (const InvalidArgument& e) {
        return e.what();
    }
    return "no InvalidArgument";
}

} // namespace

TEST(MeshWeightFields, ReadsTheListedTuplesOfTheNamedCellArrays) {
    const Mesh mesh = mesh_with_fields();
    const std::vector<CellId> triangles{0, 2};
    const FieldWeights fields = read_weight_fields(mesh, {"w", "s", false}, triangles);
    EXPECT_EQ(fields.ncon, 2);
    EXPECT_EQ(fields.weights, (std::vector<Weight>{1, 10, 3, 30}));
    EXPECT_EQ(fields.sizes, (std::vector<Weight>{5, 7}));
}

TEST(MeshWeightFields, ReadsEveryTupleOfPointArraysAndNothingUnnamed) {
    const Mesh mesh = mesh_with_fields();
    const FieldWeights sizes_only = read_weight_fields(mesh, {"", "p", true}, {});
    EXPECT_EQ(sizes_only.sizes, (std::vector<Weight>{1, 2, 3, 4}));
    EXPECT_TRUE(sizes_only.weights.empty());
    EXPECT_EQ(sizes_only.ncon, 0);
    const FieldWeights none = read_weight_fields(mesh, {}, {});
    EXPECT_TRUE(none.weights.empty() && none.sizes.empty());
}

TEST(MeshWeightFields, MissingFieldListsTheFieldsOfThatKind) {
    const Mesh mesh = mesh_with_fields();
    EXPECT_EQ(error_of([&] {
                  check_weight_fields(mesh, {"x", "", false});
              }),
              "no cell field 'x'; the mesh has cell fields: w, s");
    EXPECT_EQ(error_of([&] {
                  check_weight_fields(mesh, {"", "w", true});
              }),
              "no point field 'w'; the mesh has point fields: p");
    Mesh bare = mesh_with_fields();
    bare.point_data.clear();
    EXPECT_EQ(error_of([&] {
                  read_weight_fields(bare, {"p", "", true}, {});
              }),
              "no point field 'p'; the mesh has point fields: none");
}

TEST(MeshWeightFields, SizeFieldMustHaveOneComponent) {
    const Mesh mesh = mesh_with_fields();
    EXPECT_EQ(error_of([&] {
                  check_weight_fields(mesh, {"w", "w", false});
              }),
              "size field 'w' has 2 components: expected 1");
    EXPECT_NO_THROW(check_weight_fields(mesh, {"w", "s", false}));
}

TEST(MeshWeightFields, BadValueNamesTheArrayTuple) {
    Mesh mesh = mesh_with_fields();
    mesh.cell_data[1] = MeshArray::from_values("s", 1, std::vector<double>{5, 0.5, 7});
    const std::string message = error_of([&] { read_weight_fields(mesh, {"", "s", false}, {}); });
    EXPECT_NE(message.find("array 's' holds 0.500000 at tuple 1"), std::string::npos) << message;
    // Tuple 1 is not listed: no error.
    EXPECT_NO_THROW(read_weight_fields(mesh, {"", "s", false}, std::vector<CellId>{0, 2}));
}

// A real-valued field becomes weights with a scale: each value times the scale, rounded to the
// nearest integer; without one its fractions are refused, with a hint.
TEST(MeshWeightFields, ScaleRoundsRealValues) {
    Mesh mesh = mesh_with_fields();
    mesh.cell_data[1] = MeshArray::from_values("s", 1, std::vector<double>{0.26, 1.5, 2.04});
    const FieldWeights scaled = read_weight_fields(mesh, {"s", "s", false, 10}, {});
    EXPECT_EQ(scaled.weights, (std::vector<Weight>{3, 15, 20}));
    EXPECT_EQ(scaled.sizes, scaled.weights);
    const std::string message = error_of([&] { read_weight_fields(mesh, {"s", "", false}, {}); });
    EXPECT_NE(message.find("holds 0.260000 at tuple 0"), std::string::npos) << message;
    EXPECT_NE(message.find("a weight scale turns real values into integers"), std::string::npos)
        << message;
    const std::string too_large = error_of([&] {
        read_weight_fields(mesh, {"s", "", false, 2e9}, {});
    });
    EXPECT_NE(too_large.find("holds 1.500000 at tuple 1 (3000000000.000000 scaled)"),
              std::string::npos)
        << too_large;
}
