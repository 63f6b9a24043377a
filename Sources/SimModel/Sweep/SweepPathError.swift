/// Why a sweep path leads nowhere in the scenario.
package struct SweepPathError: Error {
  package var reason: String
}
