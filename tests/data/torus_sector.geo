// A small stand-in for mfem's periodic-torus-sector.msh (hexahedra of order 3 on a revolved,
// curved geometry; 82 KB, too big to keep here): a square section revolved by 60 degrees.
// Meshed by the tests with `gmsh -3 -order 3` (64-node hexahedra, 16-node quadrangles).
Point(1) = {1, 0, 0}; Point(2) = {2, 0, 0}; Point(3) = {2, 0, 1}; Point(4) = {1, 0, 1};
Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4}; Plane Surface(1) = {1};
Transfinite Curve{1:4} = 3; Transfinite Surface{1}; Recombine Surface{1};
Extrude {{0, 0, 1}, {0, 0, 0}, Pi / 3} { Surface{1}; Layers{3}; Recombine; }
Physical Surface("section") = {1};
Physical Volume("torus") = {1};
