import Foundation

// TEMPORARY until the real pool and adapters land.
public final class ConversionRequestPool: @unchecked Sendable {
  public struct Ticket: Hashable, Sendable { let id: Int }
  let service: any ConversionService
  var answers: [Int: ConversionAnswer] = [:]
  var next = 0
  public init(service: any ConversionService, width: Int) { self.service = service }
  public func submit(_ request: ConversionRequest) -> Ticket {
    next += 1
    answers[next] = service.answer(request)
    return Ticket(id: next)
  }
  public func answer(for ticket: Ticket) -> ConversionAnswer { answers.removeValue(forKey: ticket.id)! }
}
public struct HTTPConversionEndpoint: ConversionService {
  public init(url: URL, timeout: Double) {}
  public func answer(_ request: ConversionRequest) -> ConversionAnswer { .failed(.unreachable("temporary")) }
}
public final class CommandConversionService: ConversionService, @unchecked Sendable {
  public init(command: [String], workingDirectory: URL?, timeout: Double) {}
  public func answer(_ request: ConversionRequest) -> ConversionAnswer { .failed(.unreachable("temporary")) }
}
