/// Why a figure could not be read from `summary.json`.
package struct FigureError: Error {
  package var reason: String
  package init(_ reason: String) { self.reason = reason }
}
