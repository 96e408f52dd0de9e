"""search3's measured share of wins against greedy, per game, for the lobby's bot labels.

Made by `python -m meeple.bots.strength report` from docs/strength.jsonl (see
docs/bots.md, "The strength table"); do not edit by hand.
"""

import json

STRENGTH: dict[str, dict[str, dict]] = json.loads("""
{
 "assyria": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.3,
   "games": 40,
   "share": 0.8875,
   "ci95": [
    0.754,
    0.9531
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.3,
     "games": 40,
     "share": 0.8875,
     "ci95": [
      0.754,
      0.9531
     ],
     "goal_met": true
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.3,
     "games": 42,
     "share": 0.7738,
     "ci95": [
      0.6276,
      0.8741
     ],
     "goal_met": true
    }
   }
  }
 },
 "digging_for_dinos": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.1,
   "games": 40,
   "share": 0.975,
   "ci95": [
    0.8712,
    0.9956
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.1,
     "games": 40,
     "share": 0.975,
     "ci95": [
      0.8712,
      0.9956
     ],
     "goal_met": true
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 0.7381,
     "ci95": [
      0.5893,
      0.847
     ],
     "goal_met": true
    }
   }
  }
 },
 "draft_and_write_records": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.3,
   "games": 40,
   "share": 0.775,
   "ci95": [
    0.625,
    0.8768
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.3,
     "games": 40,
     "share": 0.775,
     "ci95": [
      0.625,
      0.8768
     ],
     "goal_met": true
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 0.3333,
     "ci95": [
      0.2101,
      0.4845
     ],
     "goal_met": false
    }
   }
  }
 },
 "letters_home": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.9,
   "games": 40,
   "share": 0.65,
   "ci95": [
    0.4951,
    0.7787
   ],
   "goal_met": false,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.9,
     "games": 40,
     "share": 0.65,
     "ci95": [
      0.4951,
      0.7787
     ],
     "goal_met": false
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 0.3571,
     "ci95": [
      0.2299,
      0.5083
     ],
     "goal_met": false
    }
   }
  }
 },
 "living_forest": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.1,
   "games": 40,
   "share": 0.8,
   "ci95": [
    0.6524,
    0.895
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.1,
     "games": 40,
     "share": 0.8,
     "ci95": [
      0.6524,
      0.895
     ],
     "goal_met": true
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.3,
     "games": 42,
     "share": 0.5952,
     "ci95": [
      0.4449,
      0.7296
     ],
     "goal_met": false
    }
   }
  }
 },
 "ninety_nine": {
  "search3": {
   "against": "greedy",
   "players": 3,
   "seconds": 0.1,
   "games": 42,
   "share": 0.7381,
   "ci95": [
    0.5893,
    0.847
   ],
   "goal_met": true,
   "by_players": {
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 0.7381,
     "ci95": [
      0.5893,
      0.847
     ],
     "goal_met": true
    }
   }
  }
 },
 "picnic": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.1,
   "games": 40,
   "share": 0.8375,
   "ci95": [
    0.6948,
    0.9211
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.1,
     "games": 40,
     "share": 0.8375,
     "ci95": [
      0.6948,
      0.9211
     ],
     "goal_met": true
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 1.0,
     "ci95": [
      0.9162,
      1.0
     ],
     "goal_met": true
    }
   }
  }
 },
 "relative_space": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.1,
   "games": 40,
   "share": 0.775,
   "ci95": [
    0.625,
    0.8768
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.1,
     "games": 40,
     "share": 0.775,
     "ci95": [
      0.625,
      0.8768
     ],
     "goal_met": true
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.3,
     "games": 42,
     "share": 0.5238,
     "ci95": [
      0.3772,
      0.6664
     ],
     "goal_met": false
    }
   }
  }
 },
 "toy_battle": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.3,
   "games": 40,
   "share": 0.8,
   "ci95": [
    0.6524,
    0.895
   ],
   "goal_met": true,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.3,
     "games": 40,
     "share": 0.8,
     "ci95": [
      0.6524,
      0.895
     ],
     "goal_met": true
    }
   }
  }
 },
 "turing_machine": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.3,
   "games": 40,
   "share": 0.475,
   "ci95": [
    0.3294,
    0.625
   ],
   "goal_met": false,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.3,
     "games": 40,
     "share": 0.475,
     "ci95": [
      0.3294,
      0.625
     ],
     "goal_met": false
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.3,
     "games": 42,
     "share": 0.3413,
     "ci95": [
      0.2167,
      0.4925
     ],
     "goal_met": false
    }
   }
  }
 },
 "vent_life": {
  "search3": {
   "against": "greedy",
   "players": 2,
   "seconds": 0.3,
   "games": 40,
   "share": 0.6,
   "ci95": [
    0.446,
    0.7365
   ],
   "goal_met": false,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.3,
     "games": 40,
     "share": 0.6,
     "ci95": [
      0.446,
      0.7365
     ],
     "goal_met": false
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 0.2857,
     "ci95": [
      0.1717,
      0.4357
     ],
     "goal_met": false
    }
   }
  }
 },
 "wizard": {
  "search3": {
   "against": "greedy",
   "players": 3,
   "seconds": 0.1,
   "games": 42,
   "share": 0.9048,
   "ci95": [
    0.7793,
    0.9623
   ],
   "goal_met": true,
   "by_players": {
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.1,
     "games": 42,
     "share": 0.9048,
     "ci95": [
      0.7793,
      0.9623
     ],
     "goal_met": true
    }
   }
  }
 }
}
""")
