import CommandLineKit
import Foundation

extension ValueParser where Value == [Int] {
  /// `--periods 1,2,3`: whole days from 1 to 60, each once.
  static var dayList: Self {
    Self { text in
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      let days = parts.compactMap { Int($0) }.filter { (1...60).contains($0) }
      guard days.count == parts.count, Set(days).count == days.count else {
        return .failure(.invalid(reason: "expected whole days from 1 to 60, comma-separated and each once, e.g. 1,2,3"))
      }
      return .success(days)
    }
  }
}
