/* Zoltan's repartitioner on a METIS graph, for issue 26's comparison (bench/zoltan_repart.sh).
 *
 * usage: mpiexec -np P zoltan_repart GRAPH OLD_PARTITION K MODE OUT_PARTITION
 *   MODE: "partition" (Zoltan's LB_APPROACH=PARTITION, from scratch) or a number M
 *         (LB_APPROACH=REPARTITION with PHG_REPART_MULTIPLIER=M: one unit of migrated size
 *         costs M cut edges).
 * Prints "zoltan_seconds S" (the slowest rank's Zoltan_LB_Partition) on rank 0.
 *
 * The graph is handed to Zoltan's parallel hypergraph partitioner (PHG) as a hypergraph with
 * one two-pin hyperedge per edge, so the hyperedge cut is the edge cut. Every rank reads the
 * whole file and owns a contiguous block of vertices; each vertex's old part is its input
 * part (ZOLTAN_PART_MULTI_FN), which is what REPARTITION keeps data in. Vertex weights
 * (constraint 0) are Zoltan's object weights, vertex sizes its object sizes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zoltan.h>

typedef struct {
  long n, m;
  long *xadj, *adjncy;
  float *vwgt;  /* constraint 0, or 1 */
  int *vsize;   /* or 1 */
  int *old;     /* old part of each vertex */
  long first, last; /* this rank's vertices [first, last) */
} Graph;

static void fail(const char *what, const char *file) {
  fprintf(stderr, "error: %s: %s\n", file, what);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/* Reads a METIS graph (fmt 0, 1, 10, 11, 100, 110, 111, ncon >= 1; '%' comments). */
static void read_graph(const char *path, Graph *g) {
  FILE *f = fopen(path, "r");
  if (!f) fail("cannot open", path);
  char *line = NULL;
  size_t cap = 0;
  long fmt = 0, ncon = 1;
  do {
    if (getline(&line, &cap, f) < 0) fail("no header", path);
  } while (line[0] == '%');
  if (sscanf(line, "%ld %ld %ld %ld", &g->n, &g->m, &fmt, &ncon) < 2) fail("bad header", path);
  int sizes = fmt / 100 % 10, weights = fmt / 10 % 10, edge_weights = fmt % 10;
  if (!weights) ncon = 0;
  g->xadj = malloc((g->n + 1) * sizeof(long));
  g->adjncy = malloc(2 * g->m * sizeof(long));
  g->vwgt = malloc(g->n * sizeof(float));
  g->vsize = malloc(g->n * sizeof(int));
  g->xadj[0] = 0;
  long e = 0;
  for (long v = 0; v < g->n; ++v) {
    do {
      if (getline(&line, &cap, f) < 0) fail("fewer vertex lines than n", path);
    } while (line[0] == '%');
    char *p = line, *end;
    g->vsize[v] = sizes ? (int)strtol(p, &p, 10) : 1;
    g->vwgt[v] = 1;
    for (long c = 0; c < ncon; ++c) {
      long w = strtol(p, &p, 10);
      if (c == 0) g->vwgt[v] = (float)w;
    }
    for (;;) {
      long u = strtol(p, &end, 10);
      if (end == p) break;
      p = end;
      if (edge_weights) strtol(p, &p, 10); /* unit weights only: the meshes' dual graphs */
      if (e >= 2 * g->m) fail("more entries than 2m", path);
      g->adjncy[e++] = u - 1;
    }
    g->xadj[v + 1] = e;
  }
  if (e != 2 * g->m) fail("entries differ from 2m", path);
  free(line);
  fclose(f);
}

static void read_partition(const char *path, Graph *g) {
  FILE *f = fopen(path, "r");
  if (!f) fail("cannot open", path);
  g->old = malloc(g->n * sizeof(int));
  for (long v = 0; v < g->n; ++v)
    if (fscanf(f, "%d", &g->old[v]) != 1) fail("fewer lines than vertices", path);
  fclose(f);
}

/* Zoltan's queries: this rank's vertices, their old parts, and their edges as hyperedges. */
static int num_obj(void *data, int *ierr) {
  Graph *g = data;
  *ierr = ZOLTAN_OK;
  return (int)(g->last - g->first);
}

static void obj_list(void *data, int ngid, int nlid, ZOLTAN_ID_PTR gids, ZOLTAN_ID_PTR lids,
                     int wdim, float *wgts, int *ierr) {
  Graph *g = data;
  (void)ngid, (void)nlid;
  for (long v = g->first; v < g->last; ++v) {
    gids[v - g->first] = (ZOLTAN_ID_TYPE)v;
    lids[v - g->first] = (ZOLTAN_ID_TYPE)(v - g->first);
    if (wdim > 0) wgts[v - g->first] = g->vwgt[v];
  }
  *ierr = ZOLTAN_OK;
}

static void part_multi(void *data, int ngid, int nlid, int count, ZOLTAN_ID_PTR gids,
                       ZOLTAN_ID_PTR lids, int *parts, int *ierr) {
  Graph *g = data;
  (void)ngid, (void)nlid, (void)lids;
  for (int i = 0; i < count; ++i) parts[i] = g->old[gids[i]];
  *ierr = ZOLTAN_OK;
}

static void obj_size_multi(void *data, int ngid, int nlid, int count, ZOLTAN_ID_PTR gids,
                           ZOLTAN_ID_PTR lids, int *sizes, int *ierr) {
  Graph *g = data;
  (void)ngid, (void)nlid, (void)lids;
  for (int i = 0; i < count; ++i) sizes[i] = g->vsize[gids[i]];
  *ierr = ZOLTAN_OK;
}

/* The hyperedges this rank lists: edge {v, u} with v local and v < u, pins v and u. */
static long local_edges(const Graph *g) {
  long count = 0;
  for (long v = g->first; v < g->last; ++v)
    for (long e = g->xadj[v]; e < g->xadj[v + 1]; ++e) count += v < g->adjncy[e];
  return count;
}

static void hg_size(void *data, int *num_lists, int *num_pins, int *format, int *ierr) {
  Graph *g = data;
  *num_lists = (int)local_edges(g);
  *num_pins = 2 * *num_lists;
  *format = ZOLTAN_COMPRESSED_EDGE;
  *ierr = ZOLTAN_OK;
}

static void hg_pins(void *data, int ngid, int num_lists, int num_pins, int format,
                    ZOLTAN_ID_PTR edge_gids, int *starts, ZOLTAN_ID_PTR pins, int *ierr) {
  Graph *g = data;
  (void)ngid, (void)num_pins, (void)format;
  long h = 0;
  for (long v = g->first; v < g->last; ++v)
    for (long e = g->xadj[v]; e < g->xadj[v + 1]; ++e) {
      if (v > g->adjncy[e]) continue;
      edge_gids[h] = (ZOLTAN_ID_TYPE)e; /* an edge's position in the rows names it */
      starts[h] = (int)(2 * h);
      pins[2 * h] = (ZOLTAN_ID_TYPE)v;
      pins[2 * h + 1] = (ZOLTAN_ID_TYPE)g->adjncy[e];
      ++h;
    }
  *ierr = h == num_lists ? ZOLTAN_OK : ZOLTAN_FATAL;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 6) {
    if (rank == 0)
      fprintf(stderr, "usage: zoltan_repart GRAPH OLD_PARTITION K partition|MULTIPLIER OUT\n");
    MPI_Finalize();
    return 2;
  }
  float version;
  if (Zoltan_Initialize(argc, argv, &version) != ZOLTAN_OK) fail("cannot initialise", "Zoltan");
  Graph g;
  read_graph(argv[1], &g);
  read_partition(argv[2], &g);
  g.first = g.n * rank / size;
  g.last = g.n * (rank + 1) / size;
  const int repartition = strcmp(argv[4], "partition") != 0;

  struct Zoltan_Struct *zz = Zoltan_Create(MPI_COMM_WORLD);
  Zoltan_Set_Param(zz, "DEBUG_LEVEL", "0");
  Zoltan_Set_Param(zz, "LB_METHOD", "HYPERGRAPH");
  Zoltan_Set_Param(zz, "HYPERGRAPH_PACKAGE", "PHG");
  Zoltan_Set_Param(zz, "LB_APPROACH", repartition ? "REPARTITION" : "PARTITION");
  if (repartition) Zoltan_Set_Param(zz, "PHG_REPART_MULTIPLIER", argv[4]);
  Zoltan_Set_Param(zz, "NUM_GLOBAL_PARTS", argv[3]);
  Zoltan_Set_Param(zz, "IMBALANCE_TOL", "1.03");
  Zoltan_Set_Param(zz, "OBJ_WEIGHT_DIM", "1");
  Zoltan_Set_Param(zz, "EDGE_WEIGHT_DIM", "0");
  Zoltan_Set_Param(zz, "RETURN_LISTS", "PARTS");
  Zoltan_Set_Param(zz, "SEED", "1");
  Zoltan_Set_Num_Obj_Fn(zz, num_obj, &g);
  Zoltan_Set_Obj_List_Fn(zz, obj_list, &g);
  Zoltan_Set_Part_Multi_Fn(zz, part_multi, &g);
  Zoltan_Set_Obj_Size_Multi_Fn(zz, obj_size_multi, &g);
  Zoltan_Set_HG_Size_CS_Fn(zz, hg_size, &g);
  Zoltan_Set_HG_CS_Fn(zz, hg_pins, &g);

  int changes, ngid, nlid, nimport, nexport;
  ZOLTAN_ID_PTR import_gids, import_lids, export_gids, export_lids;
  int *import_procs, *import_parts, *export_procs, *export_parts;
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  int rc = Zoltan_LB_Partition(zz, &changes, &ngid, &nlid, &nimport, &import_gids, &import_lids,
                               &import_procs, &import_parts, &nexport, &export_gids,
                               &export_lids, &export_procs, &export_parts);
  double seconds = MPI_Wtime() - start, slowest;
  if (rc != ZOLTAN_OK) fail("Zoltan_LB_Partition failed", argv[1]);
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  /* RETURN_LISTS=PARTS: the export lists hold every local vertex with its new part. */
  int *mine = calloc((size_t)(g.last - g.first) + 1, sizeof(int));
  for (int i = 0; i < nexport; ++i) mine[export_gids[i] - (ZOLTAN_ID_TYPE)g.first] = export_parts[i];
  int *counts = malloc(size * sizeof(int)), *offsets = malloc(size * sizeof(int));
  int *all = rank == 0 ? malloc(g.n * sizeof(int)) : NULL;
  for (int r = 0; r < size; ++r) {
    counts[r] = (int)(g.n * (r + 1) / size - g.n * r / size);
    offsets[r] = (int)(g.n * r / size);
  }
  MPI_Gatherv(mine, (int)(g.last - g.first), MPI_INT, all, counts, offsets, MPI_INT, 0,
              MPI_COMM_WORLD);
  if (rank == 0) {
    FILE *out = fopen(argv[5], "w");
    if (!out) fail("cannot write", argv[5]);
    for (long v = 0; v < g.n; ++v) fprintf(out, "%d\n", all[v]);
    fclose(out);
    printf("zoltan_seconds %.3f\n", slowest);
  }
  Zoltan_LB_Free_Part(&import_gids, &import_lids, &import_procs, &import_parts);
  Zoltan_LB_Free_Part(&export_gids, &export_lids, &export_procs, &export_parts);
  Zoltan_Destroy(&zz);
  MPI_Finalize();
  return 0;
}
