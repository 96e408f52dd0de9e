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
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.3,
     "games": 40,
     "share": 0.375,
     "ci95": [
      0.2422,
      0.5297
     ],
     "goal_met": false
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
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.3,
     "games": 40,
     "share": 0.575,
     "ci95": [
      0.422,
      0.7149
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
     "seconds": 0.9,
     "games": 42,
     "share": 0.2381,
     "ci95": [
      0.1348,
      0.3853
     ],
     "goal_met": false
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 0.2,
     "ci95": [
      0.105,
      0.3476
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
     "seconds": 0.9,
     "games": 42,
     "share": 0.5595,
     "ci95": [
      0.4107,
      0.6983
     ],
     "goal_met": false
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.3,
     "games": 40,
     "share": 0.425,
     "ci95": [
      0.2851,
      0.578
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
     "seconds": 0.9,
     "games": 42,
     "share": 0.7262,
     "ci95": [
      0.5768,
      0.8377
     ],
     "goal_met": true
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 0.25,
     "ci95": [
      0.1419,
      0.4019
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
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 1.0,
     "ci95": [
      0.9124,
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
     "seconds": 0.9,
     "games": 42,
     "share": 0.5714,
     "ci95": [
      0.4221,
      0.7088
     ],
     "goal_met": false
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 0.25,
     "ci95": [
      0.1419,
      0.4019
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
   "seconds": 0.9,
   "games": 40,
   "share": 0.4,
   "ci95": [
    0.2635,
    0.554
   ],
   "goal_met": false,
   "by_players": {
    "2": {
     "against": "greedy",
     "players": 2,
     "seconds": 0.9,
     "games": 40,
     "share": 0.4,
     "ci95": [
      0.2635,
      0.554
     ],
     "goal_met": false
    },
    "3": {
     "against": "greedy",
     "players": 3,
     "seconds": 0.9,
     "games": 42,
     "share": 0.3532,
     "ci95": [
      0.2266,
      0.5044
     ],
     "goal_met": false
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 0.2271,
     "ci95": [
      0.1247,
      0.3773
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
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 0.175,
     "ci95": [
      0.0875,
      0.3195
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
    },
    "4": {
     "against": "greedy",
     "players": 4,
     "seconds": 0.1,
     "games": 40,
     "share": 0.6625,
     "ci95": [
      0.5076,
      0.789
     ],
     "goal_met": true
    }
   }
  }
 }
}
""")
