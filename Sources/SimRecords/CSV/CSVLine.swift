/// Splits one CSV line into cells, undoing the quoting of ``CSVField/text(_:)``.
package enum CSVLine {
  package static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      if quoted {
        if character == "\"" {
          // A doubled quote inside quotes is one quote; a single one ends the quoting.
          if let following = iterator.next() {
            if following == "\"" {
              cell.append("\"")
            } else {
              quoted = false
              if following == "," {
                cells.append(cell)
                cell = ""
              } else {
                cell.append(following)
              }
            }
          } else {
            quoted = false
          }
        } else {
          cell.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        cells.append(cell)
        cell = ""
      } else {
        cell.append(character)
      }
    }
    cells.append(cell)
    return cells
  }
}
