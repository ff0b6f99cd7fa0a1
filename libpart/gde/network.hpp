#pragma once
// Processor networks for the GDE decision maker (Xu, Lau & Diekmann 1997, Section 2.1: the
// network is a simple graph whose vertices are processors and whose edges are links).
// A network is either the partition's quotient graph, a regular topology (mesh, torus,
// hypercube, ring) or an arbitrary graph read by the caller from a Chaco file.
#include <string>
#include <string_view>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part::gde {

enum class Topology { Quotient, Mesh, Torus, Hypercube, Ring, File };

// What a --network argument asks for. For File, `path` names the Chaco graph to read.
struct NetworkSpec {
    Topology topology = Topology::Quotient;
    int rows = 0;      // mesh/torus rows; ring: 1
    int cols = 0;      // mesh/torus columns; ring: P
    int dimension = 0; // hypercube
    std::string path;  // File
};

// Parses "quotient", "mesh:RxC", "torus:RxC", "hypercube:D", "ring:P", "file:PATH"; any other
// text without a "name:" prefix is taken as a Chaco file path. Throws InvalidArgument naming
// the spec and the accepted forms on anything else (unknown prefix, bad or zero sizes).
NetworkSpec parse_network_spec(std::string_view spec);

struct Network {
    Topology topology = Topology::File;
    int rows = 0, cols = 0, dimension = 0; // as in NetworkSpec, for regular topologies
    Graph graph;                           // processors and links; adjacency sorted by id
    std::string name;                      // "mesh:4x4", "quotient", the file path, ...

    PartId num_processors() const { return graph.num_vertices(); }
    // k of lambda_opt = 1/(1 + sin(pi/k)) (Section 2.2): for a k1 x k2 mesh the largest
    // side; for a 2k1 x 2k2 torus (a ring is a 1 x P torus) half the largest side, rounded
    // up. 0 for topologies without a known optimum (lambda = 1/2 is then used).
    int lambda_side() const;
};

Network make_mesh(int rows, int cols);  // processor r*cols + c
Network make_torus(int rows, int cols); // wrap links; a side of 2 gets no duplicate link
Network make_hypercube(int dimension);  // processors 0..2^D-1, links differ in one bit
Network make_ring(int processors);
// A regular topology from its spec (not Quotient or File).
Network make_network(const NetworkSpec& spec);
// A network from any graph (a Chaco file, or the quotient graph). Edge weights are kept
// but not used by GDE; self loops and asymmetric links are rejected by validate(graph).
Network network_from_graph(Graph graph, Topology topology, std::string name);

// Refuses a network that has not exactly `parts` processors, one per part of the partition
// `partition_name` names (throws InvalidArgument naming both counts): GDE puts each part on
// its own processor. Checked before any work on the partition.
void check_one_processor_per_part(const Network& network, PartId parts,
                                  const std::string& partition_name);

} // namespace part::gde
