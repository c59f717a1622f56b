# SPDX-License-Identifier: MIT
"""sparklab: emulated DGX Spark cluster in network and mount namespaces."""
