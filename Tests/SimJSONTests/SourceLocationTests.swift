import SimJSON
import Testing

@Suite("SourceLocation")
struct SourceLocationTests {
  @Test("description is line:column")
  func description() {
    #expect(at(3, 17).description == "3:17")
  }

  @Test("locations order by line, then column")
  func ordering() {
    #expect(at(1, 9) < at(2, 1))
    #expect(at(2, 1) < at(2, 2))
    #expect(!(at(2, 2) < at(2, 2)))
    #expect([at(2, 1), at(1, 5), at(1, 2)].sorted() == [at(1, 2), at(1, 5), at(2, 1)])
  }
}
