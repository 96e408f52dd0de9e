"""Games that live only in the tests: small, complete, and registered by the tests that use them."""
