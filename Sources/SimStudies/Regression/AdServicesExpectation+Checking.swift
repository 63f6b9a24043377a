import SimJSON
import SimModel
import SimPlatform

extension AdServicesExpectation {
  /// What is wrong with `calls` (the user's, in time order); empty when they meet the expectation.
  package func problems(in calls: [AdServicesExchange]) -> [String] {
    var problems: [String] = []
    if let statuses, calls.map(\.status) != statuses {
      let got = calls.isEmpty ? "no calls" : calls.map { String($0.status) }.joined(separator: ", ")
      problems.append("statuses: expected \(statuses.map(String.init).joined(separator: ", ")), got \(got)")
    }
    guard !fields.isEmpty || wholeRecord else { return problems }
    guard case .object(let record)? = calls.last(where: { $0.status == 200 })?.record else {
      return problems + ["no record came back (no call was answered 200)"]
    }
    for (key, wanted) in fields.sorted(by: { $0.key < $1.key }) {
      switch record[key] {
      case nil: problems.append("field '\(key)': expected \(wanted.serialized()), but the record has no such field")
      case let got? where got != wanted: problems.append("field '\(key)': expected \(wanted.serialized()), got \(got.serialized())")
      default: break
      }
    }
    if wholeRecord {
      for key in record.keys.sorted() where fields[key] == nil {
        problems.append("field '\(key)': not expected, got \(record[key]!.serialized())")
      }
    }
    return problems
  }
}
