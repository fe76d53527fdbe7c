#include "protocol/common/line_buffer.h"

#include <gtest/gtest.h>

#include <string>

namespace narabe::protocol {
namespace {

void append(LineBuffer& buffer, const std::string& bytes) { buffer.append(bytes.data(), bytes.size()); }

TEST(LineBuffer, JoinsPiecesAndSplitsLines) {
  LineBuffer buffer(100);
  append(buffer, "is");
  EXPECT_FALSE(buffer.next_line());
  append(buffer, "ready\ngo de");
  const auto first = buffer.next_line();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->text, "isready");
  EXPECT_FALSE(first->too_long);
  EXPECT_FALSE(buffer.next_line());
  append(buffer, "pth 3\r\n\n");
  EXPECT_EQ(buffer.next_line()->text, "go depth 3");
  EXPECT_EQ(buffer.next_line()->text, "");
  EXPECT_FALSE(buffer.next_line());
  EXPECT_FALSE(buffer.finish());
}

TEST(LineBuffer, TheLastLineWithoutNewlineComesAtTheEnd) {
  LineBuffer buffer(100);
  append(buffer, "quit\r");
  EXPECT_FALSE(buffer.next_line());
  const auto last = buffer.finish();
  ASSERT_TRUE(last);
  EXPECT_EQ(last->text, "quit");
  EXPECT_FALSE(buffer.finish());
}

TEST(LineBuffer, TheLimitCountsTheLineAsSent) {
  LineBuffer buffer(4);
  append(buffer, "abcd\nabc\r\nabcd\r\nok\n");
  EXPECT_EQ(buffer.next_line()->text, "abcd");
  EXPECT_EQ(buffer.next_line()->text, "abc");
  const auto over = buffer.next_line();
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->too_long);
  EXPECT_EQ(over->length, 5u);
  EXPECT_EQ(over->text, "");
  EXPECT_EQ(buffer.next_line()->text, "ok");
}

TEST(LineBuffer, AnOverlongLineIsThrownAwayAsItComesAndTheNextIsRead) {
  LineBuffer buffer(9);
  for (int i = 0; i < 1000; ++i) {
    append(buffer, "0123456789");
    EXPECT_FALSE(buffer.next_line());
    EXPECT_TRUE(buffer.overflowing());
  }
  append(buffer, "x\nnext\n");
  const auto over = buffer.next_line();
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->too_long);
  EXPECT_EQ(over->length, 10001u);
  EXPECT_FALSE(buffer.overflowing());
  EXPECT_EQ(buffer.next_line()->text, "next");
}

TEST(LineBuffer, AnOverlongLastLineIsTooLongAtTheEnd) {
  LineBuffer buffer(3);
  append(buffer, "abcdef");
  EXPECT_FALSE(buffer.next_line());
  const auto last = buffer.finish();
  ASSERT_TRUE(last);
  EXPECT_TRUE(last->too_long);
  EXPECT_EQ(last->length, 6u);
}

TEST(LineBuffer, ClearForgetsEverything) {
  LineBuffer buffer(3);
  append(buffer, "abcdef");
  EXPECT_FALSE(buffer.next_line());
  buffer.clear();
  EXPECT_FALSE(buffer.overflowing());
  EXPECT_FALSE(buffer.finish());
  append(buffer, "ok\n");
  EXPECT_EQ(buffer.next_line()->text, "ok");
}

TEST(LineBuffer, KeepsNulBytesAndLongSessionsStaySmall) {
  LineBuffer buffer(100);
  for (int i = 0; i < 10000; ++i) {
    append(buffer, std::string("a\0b\n", 4));
    const auto line = buffer.next_line();
    ASSERT_TRUE(line);
    EXPECT_EQ(line->text, std::string("a\0b", 3));
  }
}

}  // namespace
}  // namespace narabe::protocol
