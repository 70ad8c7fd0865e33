// The proof browser's endpoints: certificates opened (kept as text in the workbench's
// database) and walked node by node with proof/certificate_browser.h, which reads them
// with the checker's own lookup and rules. A browser is built once per certificate and
// kept in memory; after a restart it is rebuilt from the stored text on first use.
#pragma once

#include "server/routes.h"
#include "server/workbench_db.h"

namespace kinrow::server {

void certificate_routes(Routes& routes, WorkbenchDb& db);

}  // namespace kinrow::server
