#pragma once
// The processor network a spec names (part-refine's --network): a regular topology made from
// the spec, or a Chaco graph file read as the network's processors and links.
#include <optional>
#include <string>

#include "libpart/gde/network.hpp"

namespace part::formats {

// nullopt for "quotient" (the partition's quotient graph, which the refinement builds); a
// mesh, torus, hypercube or ring for gde::parse_network_spec's forms; otherwise the Chaco
// graph file the spec names, as a network named by its path. Throws InvalidArgument for a
// spec that is none of these (a path that names no regular file included), InputError
// naming the file and line for a bad Chaco file.
std::optional<gde::Network> load_network(const std::string& spec);

} // namespace part::formats
