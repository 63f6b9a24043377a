import SimJSON
import SimModel
import SimRecords

/// The parameter columns of the sweep's CSV files, one per leaf value: a parameter whose values
/// are objects or arrays spreads over columns named by the path inside the value
/// (`thresholds.tier1`, `campaigns[0].sourceIdentifier`), so that pandas and R read numbers, never
/// JSON text.
package struct SweepParameterColumns: Sendable {
  /// One step into a value: an object's member or an array's element.
  package enum Step: Sendable, Equatable {
    case key(String)
    case index(Int)
  }

  /// One column: which parameter, where inside its value, and the column's name.
  package struct Column: Sendable {
    package var parameter: Int
    package var leaf: [Step]
    package var name: String
  }

  /// In parameter order; within a parameter, in the order its values first show each leaf
  /// (object keys sorted, as JSON objects have no order of their own).
  package let columns: [Column]

  /// The columns of `parameters`.
  package init(_ parameters: [SweepParameter]) {
    var columns: [Column] = []
    for (index, parameter) in parameters.enumerated() {
      var seen = Set<String>()
      for value in parameter.values {
        for leaf in Self.leaves(of: value) {
          let name = parameter.name + Self.suffix(leaf)
          if seen.insert(name).inserted { columns.append(Column(parameter: index, leaf: leaf, name: name)) }
        }
      }
    }
    self.columns = columns
  }

  /// The column names, in order.
  package var names: [String] { columns.map(\.name) }

  /// The cells of a point's `settings`, each with its column's name (``SweepCell/setting(_:)``):
  /// empty where the value has no such leaf, or null.
  package func cells(_ settings: [JSONValue]) -> [(column: String, cell: SweepCell)] {
    columns.map { column in
      var value = settings[column.parameter]
      for component in column.leaf {
        switch (component, value) {
        case (.key(let key), .object(let members)): value = members[key] ?? .null
        case (.index(let index), .array(let elements)): value = elements.indices.contains(index) ? elements[index] : .null
        default: value = .null
        }
      }
      return (column.name, SweepCell.setting(value))
    }
  }

  /// Empty cells for a point with no settings, each with its column's name.
  package var emptyCells: [(column: String, cell: SweepCell)] { columns.map { ($0.name, SweepCell.empty) } }

  /// The indices of the columns `name` (a parameter's name) spreads over.
  package func columns(of name: String) -> [Int] {
    columns.indices.filter { index in
      let column = columns[index].name
      return column == name || (column.hasPrefix(name) && (column.dropFirst(name.count).first == "." || column.dropFirst(name.count).first == "["))
    }
  }

  /// The paths to every scalar inside `value` (an empty object or array counts as one).
  private static func leaves(of value: JSONValue) -> [[Step]] {
    switch value {
    case .object(let members) where !members.isEmpty:
      return members.sorted { $0.key < $1.key }.flatMap { key, member in leaves(of: member).map { [.key(key)] + $0 } }
    case .array(let elements) where !elements.isEmpty:
      return elements.indices.flatMap { index in leaves(of: elements[index]).map { [.index(index)] + $0 } }
    default:
      return [[]]
    }
  }

  private static func suffix(_ leaf: [Step]) -> String {
    leaf.map { component in
      switch component {
      case .key(let key): return "." + key
      case .index(let index): return "[\(index)]"
      }
    }.joined()
  }
}
