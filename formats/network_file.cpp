#include "formats/network_file.hpp"

#include <filesystem>

#include "formats/chaco_graph.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

std::optional<gde::Network> load_network(const std::string& spec_text) {
    const gde::NetworkSpec spec = gde::parse_network_spec(spec_text);
    switch (spec.topology) {
    case gde::Topology::Quotient:
        return std::nullopt;
    case gde::Topology::File:
        if (!std::filesystem::is_regular_file(spec.path))
            throw InvalidArgument(
                "network '" + spec_text +
                "' is neither a topology nor an existing file; expected quotient, mesh:RxC, "
                "torus:RxC, hypercube:D, ring:P or a Chaco graph file");
        return gde::network_from_graph(read_chaco_graph(spec.path), gde::Topology::File, spec.path);
    default:
        return gde::make_network(spec);
    }
}

} // namespace part::formats
