#include <gtest/gtest.h>
#include "engine/match.hpp"
#include "engine/robot.hpp"
using namespace belote;
TEST(Smoke, AllVariantsFinish) {
  for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte}) {
    MatchOptions o; o.variant = v;
    Match m(o, 7);
    m.start();
    Rng rng(3);
    int steps = 0;
    while (!m.finished() && steps < 100000) {
      Seat s = *m.to_act();
      Action a = robot_decide(m.view(Observer::of_seat(s)), rng);
      auto r = m.apply(s, a);
      ASSERT_TRUE(r.ok()) << r.message;
      ++steps;
    }
    EXPECT_TRUE(m.finished()) << to_string(v);
  }
}
