// Two unit cubes stacked: hexahedra extruded in the lower one, tetrahedra in the upper one,
// and the pyramids gmsh puts on the quadrangles where they meet.
Point(1) = {0, 0, 0, 0.5}; Point(2) = {1, 0, 0, 0.5}; Point(3) = {1, 1, 0, 0.5};
Point(4) = {0, 1, 0, 0.5};
Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4}; Plane Surface(1) = {1};
Transfinite Surface{1}; Recombine Surface{1};
lower[] = Extrude {0, 0, 1} { Surface{1}; Layers{2}; Recombine; };
upper[] = Extrude {0, 0, 1} { Surface{lower[0]}; };
Physical Volume("fluid") = {lower[1], upper[1]};
