// Placeholder entry point; the command line arrives with src/cli/*.
int main() { return 0; }
