#pragma once
// The processor network of the distributed GDE (Xu, Lau & Diekmann 1997, 3): processors are
// the parts, processor x runs on rank owner_of_part(x, P) (several per rank when P < K), and
// each knows only its neighbours, the processors whose sub-domains touch its own, found from
// its ghost vertices. Messages on links between processors of two ranks travel in one
// point-to-point message per rank pair; on links within a rank they are copied. The links are
// edge-coloured so that all processors agree, from local information and a few rounds of
// exchange with neighbours, without gathering the network.
#include <mpi.h>

#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/mpi/ghost_layer.hpp"

namespace part::mpi {

struct ProcessorLinks {
    std::vector<PartId> processors; // run by this rank, ascending
    std::vector<std::size_t> first; // links of processors[i]: first[i] .. first[i + 1]
    std::vector<PartId> neighbour;  // per link: the processor at the other end (ascending)
    std::vector<WeightSum> border;  // per link: cut edge weight between the two processors
    std::vector<std::size_t> owner; // per link: index into processors of its own end

    std::size_t size() const { return neighbour.size(); }
};

// The links of `processors` (as hosted_processors lists them) from the owned vertices' labels
// and the ghost layer: a link wherever an edge joins two processors.
ProcessorLinks processor_links(const DistributedGraph& graph, std::span<const PartId> label,
                               const GhostLayer& ghosts, std::vector<PartId> processors);

// Sends one value per link to the processor at its other end and returns the value that
// processor sent back on the same link. Collective over the ranks this rank's processors
// share links with (point-to-point, one message per rank pair and call).
class LinkExchange {
  public:
    LinkExchange(MPI_Comm comm, const ProcessorLinks& links);

    // `active` (one flag per link, empty: all) must be the same at both ends of each link;
    // inactive links send and receive nothing (their entry in the result is a copy of out).
    template <typename T>
    requires std::is_trivially_copyable_v<T> std::vector<T>
    swap(std::span<const T> out, std::span<const char> active = {}) {
        std::vector<T> in(out.begin(), out.end());
        swap_bytes(reinterpret_cast<const char*>(out.data()), reinterpret_cast<char*>(in.data()),
                   sizeof(T), active);
        return in;
    }

  private:
    void swap_bytes(const char* out, char* in, std::size_t size, std::span<const char> active);

    MPI_Comm comm_;
    std::vector<int> peers_;                        // other ranks with links here, ascending
    std::vector<std::vector<std::size_t>> send_;    // per peer: links in (far, near) order
    std::vector<std::vector<std::size_t>> receive_; // per peer: links in (near, far) order
    std::vector<std::ptrdiff_t> local_reverse_; // per link within this rank: its reverse, else -1
};

struct LinkColouring {
    std::vector<int> colour; // per link
    int num_colours = 0;     // the same on every rank
};

// Collective. Greedy edge colouring in order of links: longer border first, then
// lexicographic (min, max) processor pair, computed in rounds: a link is coloured in the
// round where it is the first uncoloured link at both its ends, with the smallest colour free
// at both; links coloured in one round share no end, so ends agree. Each round every
// processor tells each neighbour its first uncoloured link and its used colours. At most
// 2 Delta - 1 colours (the serial colour_edges reaches Delta or Delta + 1 from the whole
// network). Delta <= 128. GDE exchanges colour after colour within a sweep, so links
// coloured first move load first; longer borders can carry larger flows.
LinkColouring colour_links(MPI_Comm comm, const ProcessorLinks& links, LinkExchange& exchange);

} // namespace part::mpi
