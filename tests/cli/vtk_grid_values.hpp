#pragma once
// Values of a .vtu piece as VTK's own reader gives them, for tests that check what the tools
// wrote without the suite's reader.
#include <set>
#include <string>
#include <vector>

#include <vtkCell.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLUnstructuredGridReader.h>

namespace part::test {

// A .vtu piece as VTK's serial reader opens it.
inline vtkSmartPointer<vtkUnstructuredGrid> read_vtu_piece(const std::string& path) {
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    return reader->GetOutput();
}

// One cell array's values, or none when the grid lacks it.
inline std::vector<double> cell_values(vtkUnstructuredGrid* grid, const char* name) {
    std::vector<double> v;
    vtkDataArray* array = grid->GetCellData()->GetArray(name);
    for (vtkIdType i = 0; array && i < array->GetNumberOfTuples(); ++i)
        v.push_back(array->GetTuple1(i));
    return v;
}

// The global node ids (point array GlobalNodeIds) of a cell of a piece.
inline std::set<double> global_nodes(vtkUnstructuredGrid* grid, vtkIdType cell) {
    vtkDataArray* ids = grid->GetPointData()->GetArray("GlobalNodeIds");
    std::set<double> nodes;
    vtkCell* c = grid->GetCell(cell);
    for (vtkIdType k = 0; k < c->GetNumberOfPoints(); ++k)
        nodes.insert(ids->GetTuple1(c->GetPointId(k)));
    return nodes;
}

} // namespace part::test
