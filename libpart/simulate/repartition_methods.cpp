#include "libpart/simulate/repartition_methods.hpp"

#include "libpart/repart/repart_method.hpp"

namespace part {

RepartitionMethod repartition_method(const std::string& name, int seed,
                                     const std::vector<double>& targets) {
    const RepartFunction& method = repart_method(name); // throws for an unknown name
    return [method, seed, targets](const Graph& weighted, const std::vector<PartId>& current,
                                   PartId num_parts) {
        RepartRequest request;
        request.new_parts = num_parts;
        request.targets = targets;
        request.metis.seed = seed;
        return method(weighted, Partition{num_parts, current, targets}, request).partition.part;
    };
}

} // namespace part
