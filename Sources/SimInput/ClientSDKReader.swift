import SimEngine
import SimModel

/// Reads the advertised app's `sdk`: the conversion-management SDK and its model (issue 9).
package struct ClientSDKReader {
  package let reader: JSONReader
  /// The scenario's folder, where a command runs ("" for the current folder).
  package let baseDirectory: String

  package static let keys = [
    "model", "appKey", "appVersion", "platform", "windowEnds", "valueTimer", "validatesFine", "validatesCoarse",
    "responseTime", "lateFineValues",
  ]
  package static let models = ["schema", "sequential", "endpoint", "command"]

  package func read() -> ClientSDK? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    guard let model = object.optional("model").map(readModel) ?? .schema else { return nil }
    var sdk = ClientSDK(model: model)
    if let key = object.optional("appKey")?.nonEmptyString() { sdk.appKey = key }
    if let version = object.optional("appVersion")?.nonEmptyString() { sdk.appVersion = version }
    if let platform = object.optional("platform")?.nonEmptyString() { sdk.platform = platform }
    if let endsReader = object.optional("windowEnds"), let elements = endsReader.array() {
      let ends = elements.compactMap { $0.duration() }
      if ends.count == elements.count {
        if ends.count != 3 {
          endsReader.error("expected the ends of the SDK's 3 windows, e.g. [\"48h\", \"7d\", \"35d\"], found \(ends.count)")
        } else if ends.first! <= .zero || zip(ends, ends.dropFirst()).contains(where: { $0 >= $1 }) {
          endsReader.error("expected 3 increasing positive durations, found \(ends)")
        } else {
          sdk.windowEnds = ends
        }
      }
    }
    if let timerReader = object.optional("valueTimer"), let timer = timerReader.duration() {
      if timer <= .zero { timerReader.error("expected a positive duration, found \(timer)") } else { sdk.valueTimer = timer }
    }
    if let fine = object.optional("validatesFine")?.bool() { sdk.validatesFine = fine }
    if let coarse = object.optional("validatesCoarse")?.bool() { sdk.validatesCoarse = coarse }
    if let text = object.optional("lateFineValues")?.oneOf(ClientSDK.LateFineValues.allCases.map(\.rawValue)),
      let choice = ClientSDK.LateFineValues(rawValue: text)
    {
      sdk.lateFineValues = choice
    }
    if let responseReader = object.optional("responseTime"), let time = responseReader.duration() {
      if !model.isRemote {
        responseReader.error("'responseTime' is the delay of an endpoint's or command's answers; model '\(Self.name(model))' answers at once")
      } else if time < .zero {
        responseReader.error("expected a duration of at least 0, found \(time)")
      } else {
        sdk.responseTime = time
      }
    }
    return sdk
  }

  /// The model: a name, or an object naming an endpoint or a command.
  private func readModel(_ reader: JSONReader) -> ClientSDK.Model? {
    if case .string = reader.node.value {
      guard let name = reader.oneOf(["schema", "sequential"]) else { return nil }
      return name == "schema" ? .schema : .sequential
    }
    guard let object = reader.object(keys: ["endpoint", "command", "timeout", "concurrency"]) else { return nil }
    let timeoutReader = object.optional("timeout")
    var timeout = 10.0
    if let timeoutReader, let seconds = timeoutReader.duration() {
      if seconds <= .zero { timeoutReader.error("expected a positive duration, e.g. \"5s\", found \(seconds)") }
      timeout = Double(seconds.milliseconds) / 1_000
    }
    switch (object.optional("endpoint"), object.optional("command")) {
    case (let endpoint?, nil):
      // Read as the run will read it, so a URL Foundation cannot parse is an error here.
      guard let url = DeliveryReader.endpoint(endpoint)?.absoluteString else { return nil }
      var concurrency = 8
      if let width = object.optional("concurrency")?.integer(in: 1...256) { concurrency = Int(width) }
      return .endpoint(url: url, timeoutSeconds: timeout, concurrency: concurrency)
    case (nil, let command?):
      if let concurrency = object.optional("concurrency") {
        concurrency.error("a command answers one request at a time; 'concurrency' is for endpoints")
      }
      guard let elements = command.array() else { return nil }
      let arguments = elements.compactMap { $0.nonEmptyString() }
      guard arguments.count == elements.count else { return nil }
      guard !arguments.isEmpty else {
        command.error("expected the command and its arguments, e.g. [\"python3\", \"model.py\"]")
        return nil
      }
      return .command(
        arguments: arguments, timeoutSeconds: timeout, workingDirectory: baseDirectory.isEmpty ? nil : baseDirectory)
    case (_?, _?):
      reader.error("give 'endpoint' or 'command', not both")
      return nil
    case (nil, nil):
      reader.error("expected \"schema\", \"sequential\", or an object with 'endpoint' (a URL) or 'command' (an array)")
      return nil
    }
  }

  package static func name(_ model: ClientSDK.Model) -> String {
    switch model {
    case .schema: "schema"
    case .sequential: "sequential"
    case .endpoint: "endpoint"
    case .command: "command"
    }
  }
}
